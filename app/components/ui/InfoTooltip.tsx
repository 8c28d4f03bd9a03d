/**
 * A small "i" button with a tooltip, built on Radix Tooltip. It opens on hover and on keyboard focus
 * (Radix), toggles on click or tap (also with Enter/Space), and closes on Escape, on a click or tap
 * outside, and when focus leaves. Radix closes a tooltip on every press of its trigger; here a press
 * flips the state the tooltip had before the press instead, so touch screens can open it too.
 * Place it inside a <TooltipProvider>.
 */
import * as Tooltip from "@radix-ui/react-tooltip";
import { useRef, useState, type MouseEvent } from "react";

export const TooltipProvider = Tooltip.Provider;

/** Hover delay before opening, in ms (Radix's default of 700 ms feels sluggish on a grid). */
export const TOOLTIP_DELAY_MS = 200;

export function InfoTooltip({ label, text, className = "" }: { label: string; text: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const openBeforePress = useRef<boolean | null>(null);

  function toggle(event: MouseEvent<HTMLButtonElement>) {
    // Prevented: Radix's own click handler would only close.
    event.preventDefault();
    const wasOpen = openBeforePress.current ?? open;
    openBeforePress.current = null;
    setOpen(!wasOpen);
  }

  return (
    <Tooltip.Root open={open} onOpenChange={setOpen} delayDuration={TOOLTIP_DELAY_MS}>
      <Tooltip.Trigger
        type="button"
        aria-label={label}
        onPointerDown={() => {
          openBeforePress.current = open;
        }}
        onClick={toggle}
        className={`grid h-9 w-9 shrink-0 place-items-center rounded-full text-brand-700 transition-colors hover:bg-brand-100 data-[state$=open]:bg-brand-100 ${className}`}
      >
        <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
          <circle cx="12" cy="12" r="9" />
          <path d="M12 11v5.5M12 7.6v.01" strokeWidth="2.2" />
        </svg>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="top"
          sideOffset={6}
          collisionPadding={12}
          className="z-50 max-w-[min(18rem,calc(100vw-1.5rem))] rounded-xl bg-ink px-3.5 py-2.5 text-sm leading-snug text-white shadow-lg"
        >
          {text}
          <Tooltip.Arrow className="fill-ink" width={12} height={6} />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
