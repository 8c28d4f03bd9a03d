/**
 * The behaviour of every info tooltip (the buttons `InfoTooltip.tsx` renders), in plain DOM: one set of
 * listeners on the document, started once by the page (`startTooltips`), that works on whatever buttons
 * the page holds, whether React rendered them live or they are server HTML kept as it is (a 'server-html'
 * island, app/components/islands/island.tsx). So a page whose tooltips sit in static content needs none of
 * that content's code. A button is marked `data-tooltip="<id>"`: the element with that id holds the text
 * (the card's text shown without JavaScript, app/no-js.css).
 *
 * The tooltip is a popover (the Popover API puts it in the top layer, above the card's link and any
 * stacking context; a fixed layer above the page where the API is missing) placed above the button, or
 * below when there is no room, and kept inside the screen; it follows its button while the page scrolls or
 * resizes. Radix Tooltip with floating-ui did this for about 14 KB of compressed JavaScript on /sectores
 * (docs/lab/javascript-budget-log.md).
 * - Hover with a mouse (after `TOOLTIP_DELAY_MS`) and keyboard focus (`:focus-visible`) show it; the
 *   pointer leaving or focus leaving hides it. Shown by keyboard focus it stays while the page scrolls.
 * - A click or tap toggles it: a pointer press pins it open (it then stays when the pointer leaves) and
 *   the next press closes it; Enter/Space hide it when shown and pin it when hidden. Touch screens,
 *   which have no hover, open it this way.
 * - Escape and a press anywhere outside close it, pinned or not.
 * While shown, the button is described by the tooltip's text (`aria-describedby`) and its `data-state` is
 * `delayed-open` (`closed` otherwise).
 */

/**
 * The attribute that makes a button an info button; its value is the id of the element holding the text.
 * The same as tooltip-markup.ts (tests/unit/tooltips.test.ts): written again here so the frame script's
 * chunk of this module shares no module with the frame script itself (esbuild would make that a file).
 */
export const TOOLTIP_ATTRIBUTE = "data-tooltip";

/** Hover delay before opening, in ms. */
export const TOOLTIP_DELAY_MS = 200;
/** From the button to the tooltip's box: a 6 px gap plus the 6 px arrow. */
const OFFSET_PX = 12;
/** The least room kept to the screen's edges, in px. */
const EDGE_PX = 12;

const TOOLTIP_CLASS =
  "fixed inset-auto z-50 m-0 max-w-[min(18rem,calc(100vw-1.5rem))] overflow-visible rounded-xl border-0 bg-ink px-3.5 py-2.5 text-sm leading-snug text-white shadow-lg";
const ARROW_HTML =
  '<svg viewBox="0 0 12 6" class="block h-[6px] w-3 fill-ink" aria-hidden="true"><path d="M0 0h12L6 6z"></path></svg>';

interface TooltipState {
  /** The tooltip shown, with its arrow; null while closed. */
  shown: { tooltip: HTMLElement; arrow: HTMLElement } | null;
  /** Opened by a click, a tap or keyboard focus: stays open when the pointer leaves. */
  pinned: boolean;
  /** Closed on purpose (click, Escape): a pending hover must not reopen it until the pointer leaves. */
  suppressed: boolean;
  hoverTimer?: number;
}

const states = new WeakMap<HTMLElement, TooltipState>();
/** The buttons whose tooltip is shown. */
const open = new Set<HTMLElement>();

function stateOf(button: HTMLElement): TooltipState {
  let state = states.get(button);
  if (!state) {
    state = { shown: null, pinned: false, suppressed: false };
    states.set(button, state);
  }
  return state;
}

/** The info button an event happened on (or inside), if any. */
function triggerOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>(`button[${TOOLTIP_ATTRIBUTE}]`) : null;
}

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

/** Keeps every shown tooltip beside its button (page scrolled or resized); forgets buttons no longer in the page. */
function follow() {
  for (const button of open) {
    const shown = states.get(button)?.shown;
    if (!button.isConnected || !shown) setOpen(button, false);
    else place(button, shown.tooltip, shown.arrow);
  }
}

/**
 * Without the Popover API a tooltip lives at the end of the page, not beside its button, so it does not
 * leave with it: while one is shown, a change to the page (the list re-rendered after a search, a card
 * gone) closes those whose button left.
 */
let pageWatcher: MutationObserver | null = null;

function closeOrphans() {
  for (const button of open) if (!button.isConnected) setOpen(button, false);
}

function watchPage(on: boolean) {
  if (on && !pageWatcher && typeof MutationObserver === "function") {
    pageWatcher = new MutationObserver(closeOrphans);
    pageWatcher.observe(document.body, { childList: true, subtree: true });
  } else if (!on && pageWatcher) {
    pageWatcher.disconnect();
    pageWatcher = null;
  }
}

function setOpen(button: HTMLElement, value: boolean) {
  const state = stateOf(button);
  if (value === (state.shown !== null)) return;
  if (!value) {
    state.shown?.tooltip.remove();
    state.shown = null;
    open.delete(button);
    button.removeAttribute("aria-describedby");
    button.setAttribute("data-state", "closed");
    if (open.size === 0) {
      window.removeEventListener("scroll", follow, { capture: true });
      window.removeEventListener("resize", follow);
      watchPage(false);
    }
    return;
  }
  if (!button.isConnected) return;
  const textId = button.getAttribute(TOOLTIP_ATTRIBUTE) ?? "";
  const tooltip = document.createElement("div");
  tooltip.id = `${textId}-tooltip`;
  tooltip.setAttribute("role", "tooltip");
  tooltip.className = TOOLTIP_CLASS;
  tooltip.textContent = document.getElementById(textId)?.textContent ?? "";
  const arrow = document.createElement("span");
  arrow.setAttribute("aria-hidden", "true");
  arrow.className = "absolute block h-[6px] w-3";
  arrow.innerHTML = ARROW_HTML;
  tooltip.append(arrow);
  // Into the top layer where the Popover API exists, placed before it paints; beside its button, so it
  // leaves with it (a card re-rendered or gone). Without the API, a fixed layer at the end of the page: a
  // card's overflow or stacking would clip or cover it.
  if (typeof tooltip.showPopover === "function") {
    button.after(tooltip);
    tooltip.popover = "manual";
    tooltip.showPopover();
  } else {
    document.body.append(tooltip);
    watchPage(true);
  }
  state.shown = { tooltip, arrow };
  button.setAttribute("aria-describedby", tooltip.id);
  button.setAttribute("data-state", "delayed-open");
  if (open.size === 0) {
    window.addEventListener("scroll", follow, { capture: true, passive: true });
    window.addEventListener("resize", follow);
  }
  open.add(button);
  place(button, tooltip, arrow);
}

function show(button: HTMLElement) {
  const state = stateOf(button);
  state.pinned = true;
  state.suppressed = false;
  setOpen(button, true);
}

function hide(button: HTMLElement) {
  const state = stateOf(button);
  state.pinned = false;
  window.clearTimeout(state.hoverTimer);
  setOpen(button, false);
}

function onClick(event: MouseEvent) {
  const button = triggerOf(event.target);
  if (!button) return;
  const state = stateOf(button);
  const byKeyboard = event.detail === 0;
  const shown = byKeyboard ? state.shown !== null : state.pinned;
  if (shown) {
    state.suppressed = true;
    hide(button);
  } else {
    show(button);
  }
}

/** pointerover/pointerout, from or to somewhere outside the button: its pointerenter/pointerleave. */
const crossesBoundary = (button: HTMLElement, event: PointerEvent) =>
  !(event.relatedTarget instanceof Node && button.contains(event.relatedTarget));

function onPointerOver(event: PointerEvent) {
  const button = triggerOf(event.target);
  if (!button || !crossesBoundary(button, event)) return;
  const state = stateOf(button);
  if (event.pointerType !== "mouse" || state.suppressed) return;
  window.clearTimeout(state.hoverTimer);
  state.hoverTimer = window.setTimeout(() => setOpen(button, true), TOOLTIP_DELAY_MS);
}

function onPointerOut(event: PointerEvent) {
  const button = triggerOf(event.target);
  if (!button || !crossesBoundary(button, event)) return;
  const state = stateOf(button);
  state.suppressed = false;
  if (event.pointerType === "mouse" && !state.pinned) hide(button);
}

function onFocusIn(event: FocusEvent) {
  const button = triggerOf(event.target);
  if (button?.matches(":focus-visible")) show(button);
}

function onFocusOut(event: FocusEvent) {
  const button = triggerOf(event.target);
  if (!button) return;
  stateOf(button).suppressed = false;
  hide(button);
}

// Escape and a press outside close every shown tooltip, pinned or not (a press on its button is its click's business).
function onKeyDown(event: KeyboardEvent) {
  if (event.key !== "Escape") return;
  for (const button of [...open]) {
    stateOf(button).suppressed = true;
    hide(button);
  }
}

function onPointerDown(event: PointerEvent) {
  for (const button of [...open]) {
    if (event.target instanceof Node && button.contains(event.target)) continue;
    hide(button);
  }
}

const listeners = [
  ["click", onClick],
  ["pointerover", onPointerOver],
  ["pointerout", onPointerOut],
  ["focusin", onFocusIn],
  ["focusout", onFocusOut],
  ["keydown", onKeyDown],
  ["pointerdown", onPointerDown],
] as const;

let users = 0;

/**
 * Makes the page's info buttons work, those there now and those rendered later; returns the function that
 * stops them (closing what is shown) once its last user is gone. A page's effect calls it.
 */
export function startTooltips(): () => void {
  users += 1;
  if (users === 1) for (const [type, listener] of listeners) document.addEventListener(type, listener as EventListener);
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    users -= 1;
    if (users > 0) return;
    for (const [type, listener] of listeners) document.removeEventListener(type, listener as EventListener);
    for (const button of [...open]) hide(button);
  };
}
