/**
 * A small "i" button with a tooltip, built on Radix Tooltip (positioning, hover intent, aria wiring).
 * - Hover and keyboard focus show it (Radix); moving the pointer away or focus leaving hides it. Shown
 *   by keyboard focus it stays while the page scrolls (Radix would close it on the scroll that brings
 *   a focused trigger into view).
 * - A click or tap toggles it: a pointer press pins it open (it then stays when the pointer leaves) and
 *   the next press closes it; Enter/Space hide it when shown and pin it when hidden. Touch screens,
 *   which have no hover, open it this way.
 * - Escape and a press anywhere outside close it, pinned or not.
 * Place it inside a <TooltipProvider>.
 */
import * as Tooltip from "@radix-ui/react-tooltip";
import { type MouseEvent, useEffect, useRef, useState } from "react";

export const TooltipProvider = Tooltip.Provider;

/** Hover delay before opening, in ms (Radix's default of 700 ms feels sluggish on a grid). */
export const TOOLTIP_DELAY_MS = 200;

export function InfoTooltip({ label, text, className = "" }: { label: string; text: string; className?: string }) {
  const [open, setOpen] = useState(false);
  /** Opened by a click or tap: stays open when the pointer leaves. */
  const pinned = useRef(false);
  /** Closed on purpose (click, Escape): a pending hover must not reopen it until the pointer leaves. */
  const suppressed = useRef(false);
  const trigger = useRef<HTMLButtonElement>(null);

  function show() {
    pinned.current = true;
    suppressed.current = false;
    setOpen(true);
  }

  function hide() {
    pinned.current = false;
    setOpen(false);
  }

  function onOpenChange(next: boolean) {
    if (next) {
      if (!suppressed.current) setOpen(true);
    } else if (!pinned.current) {
      // Radix also closes on pointer leave and on a press of the trigger; a pinned tooltip waits for the click.
      hide();
    }
  }

  function onClick(event: MouseEvent<HTMLButtonElement>) {
    // Prevented: Radix's own click handler would only close.
    event.preventDefault();
    const byKeyboard = event.detail === 0;
    const shown = byKeyboard ? open : pinned.current;
    if (shown) {
      suppressed.current = true;
      hide();
    } else {
      show();
    }
  }

  /** A press outside, focus leaving: unpinned, Radix's own dismissal then closes it. */
  function release() {
    pinned.current = false;
  }

  // Escape closes it, pinned or not. Listened to here rather than through Radix's layer stack, which can
  // miss the key right after a click opened the tooltip (its layer index is only set on a later render).
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      suppressed.current = true;
      hide();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  return (
    <Tooltip.Root open={open} onOpenChange={onOpenChange} delayDuration={TOOLTIP_DELAY_MS}>
      <Tooltip.Trigger
        ref={trigger}
        type="button"
        aria-label={label}
        // Without JavaScript the button could not open anything (app/no-js.css hides it).
        data-hide-without-js=""
        onClick={onClick}
        onFocus={(event) => {
          if (event.currentTarget.matches(":focus-visible")) pinned.current = true;
        }}
        onBlur={() => {
          release();
          suppressed.current = false;
        }}
        onPointerLeave={() => {
          suppressed.current = false;
        }}
        className={`grid h-9 w-9 shrink-0 place-items-center rounded-full text-brand-700 transition-colors hover:bg-brand-100 data-[state$=open]:bg-brand-100 ${className}`}
      >
        <svg
          aria-hidden="true"
          focusable="false"
          viewBox="0 0 24 24"
          className="h-5 w-5"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M12 11v5.5M12 7.6v.01" strokeWidth="2.2" />
        </svg>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="top"
          sideOffset={6}
          collisionPadding={12}
          onPointerDownOutside={(event) => {
            // A press on the trigger is its click's business (toggle), not a press outside.
            if (event.target instanceof Node && trigger.current?.contains(event.target)) event.preventDefault();
            else release();
          }}
          className="z-50 max-w-[min(18rem,calc(100vw-1.5rem))] rounded-xl bg-ink px-3.5 py-2.5 text-sm leading-snug text-white shadow-lg"
        >
          {text}
          <Tooltip.Arrow className="fill-ink" width={12} height={6} />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
