/**
 * A small "i" button with a tooltip. The tooltip is a popover (the Popover API puts it in the top layer,
 * above the card's link and any stacking context) placed above the button, or below when there is no
 * room, and kept inside the screen. Radix Tooltip with floating-ui did this for about 14 KB of
 * compressed JavaScript on /sectores (docs/lab/javascript-budget-log.md).
 * - Hover (after a short delay) and keyboard focus show it; the pointer leaving or focus leaving hides
 *   it. Shown by keyboard focus it stays while the page scrolls.
 * - A click or tap toggles it: a pointer press pins it open (it then stays when the pointer leaves) and
 *   the next press closes it; Enter/Space hide it when shown and pin it when hidden. Touch screens,
 *   which have no hover, open it this way.
 * - Escape and a press anywhere outside close it, pinned or not.
 * While shown, the button is described by the tooltip's text (`aria-describedby`).
 */
import { type MouseEvent, useEffect, useId, useLayoutEffect, useRef, useState } from "react";

/** Hover delay before opening, in ms. */
export const TOOLTIP_DELAY_MS = 200;
/** From the button to the tooltip's box: a 6 px gap plus the 6 px arrow. */
const OFFSET_PX = 12;
/** The least room kept to the screen's edges, in px. */
const EDGE_PX = 12;

/** Puts the tooltip above the button (below when it does not fit), inside the screen; the arrow points at the button. */
function place(trigger: HTMLElement, tooltip: HTMLElement, arrow: HTMLElement) {
  const anchor = trigger.getBoundingClientRect();
  const { width, height } = tooltip.getBoundingClientRect();
  const above = anchor.top - OFFSET_PX - height >= EDGE_PX;
  const center = anchor.left + anchor.width / 2;
  const left = Math.max(EDGE_PX, Math.min(center - width / 2, window.innerWidth - EDGE_PX - width));
  tooltip.style.left = `${left}px`;
  tooltip.style.top = `${above ? anchor.top - OFFSET_PX - height : anchor.bottom + OFFSET_PX}px`;
  arrow.style.left = `${Math.max(8, Math.min(center - left, width - 8)) - 6}px`;
  arrow.style.top = above ? "100%" : "-6px";
  arrow.style.transform = above ? "" : "rotate(180deg)";
}

export function InfoTooltip({ label, text, className = "" }: { label: string; text: string; className?: string }) {
  const [open, setOpen] = useState(false);
  /** Opened by a click, a tap or keyboard focus: stays open when the pointer leaves. */
  const pinned = useRef(false);
  /** Closed on purpose (click, Escape): a pending hover must not reopen it until the pointer leaves. */
  const suppressed = useRef(false);
  const hoverTimer = useRef<number>();
  const trigger = useRef<HTMLButtonElement>(null);
  const tooltip = useRef<HTMLDivElement>(null);
  const arrow = useRef<HTMLSpanElement>(null);
  const id = useId();

  function show() {
    pinned.current = true;
    suppressed.current = false;
    setOpen(true);
  }

  function hide() {
    pinned.current = false;
    window.clearTimeout(hoverTimer.current);
    setOpen(false);
  }

  function onClick(event: MouseEvent<HTMLButtonElement>) {
    const byKeyboard = event.detail === 0;
    const shown = byKeyboard ? open : pinned.current;
    if (shown) {
      suppressed.current = true;
      hide();
    } else {
      show();
    }
  }

  // Shown: into the top layer where the Popover API exists (a fixed layer above the page otherwise),
  // placed before it paints, and kept beside its button while the page scrolls or resizes.
  useLayoutEffect(() => {
    const element = tooltip.current;
    if (!open || !element || !trigger.current || !arrow.current) return;
    // Set here: React 18's types do not know the attribute yet.
    if (typeof element.showPopover === "function" && !element.matches(":popover-open")) {
      element.popover = "manual";
      element.showPopover();
    }
    const follow = () => place(trigger.current!, element, arrow.current!);
    follow();
    window.addEventListener("scroll", follow, { capture: true, passive: true });
    window.addEventListener("resize", follow);
    return () => {
      window.removeEventListener("scroll", follow, { capture: true });
      window.removeEventListener("resize", follow);
    };
  }, [open]);

  // Escape and a press outside close it, pinned or not (a press on the button is its click's business).
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      suppressed.current = true;
      hide();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && trigger.current?.contains(event.target)) return;
      hide();
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);

  useEffect(() => () => window.clearTimeout(hoverTimer.current), []);

  return (
    <>
      <button
        ref={trigger}
        type="button"
        aria-label={label}
        aria-describedby={open ? id : undefined}
        data-state={open ? "delayed-open" : "closed"}
        // Without JavaScript the button could not open anything (app/no-js.css hides it).
        data-hide-without-js=""
        onClick={onClick}
        onPointerEnter={(event) => {
          if (event.pointerType !== "mouse" || suppressed.current) return;
          window.clearTimeout(hoverTimer.current);
          hoverTimer.current = window.setTimeout(() => setOpen(true), TOOLTIP_DELAY_MS);
        }}
        onPointerLeave={(event) => {
          suppressed.current = false;
          if (event.pointerType === "mouse" && !pinned.current) hide();
        }}
        onFocus={(event) => {
          if (event.currentTarget.matches(":focus-visible")) show();
        }}
        onBlur={() => {
          suppressed.current = false;
          hide();
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
      </button>
      {open ? (
        <div
          ref={tooltip}
          id={id}
          role="tooltip"
          className="fixed inset-auto z-50 m-0 max-w-[min(18rem,calc(100vw-1.5rem))] overflow-visible rounded-xl border-0 bg-ink px-3.5 py-2.5 text-sm leading-snug text-white shadow-lg"
        >
          {text}
          <span ref={arrow} aria-hidden="true" className="absolute block h-[6px] w-3">
            <svg viewBox="0 0 12 6" className="block h-[6px] w-3 fill-ink">
              <path d="M0 0h12L6 6z" />
            </svg>
          </span>
        </div>
      ) : null}
    </>
  );
}
