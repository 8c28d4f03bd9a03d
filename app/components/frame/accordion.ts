/**
 * Every accordion's behaviour (markup: app/components/ui/Accordion.tsx), delegated on the document: a
 * click (Enter and Space are the button's own clicks) opens its item and closes the one open before, or
 * closes it when open; ↑/↓ (wrapping), Home and End move the focus between the accordion's buttons. The
 * item, its button and its panel carry `data-state` (open/closed), the button `aria-expanded`.
 */
import { ACCORDION_ATTRIBUTE, ACCORDION_TRIGGER_ATTRIBUTE } from "~/components/ui/accordion-markup";

const TRIGGER = `[${ACCORDION_TRIGGER_ATTRIBUTE}]`;

function setOpen(trigger: Element, open: boolean) {
  const state = open ? "open" : "closed";
  trigger.setAttribute("aria-expanded", String(open));
  trigger.setAttribute("data-state", state);
  const panel = document.getElementById(trigger.getAttribute("aria-controls") ?? "");
  panel?.setAttribute("data-state", state);
  trigger.closest("h3")?.parentElement?.setAttribute("data-state", state);
}

function triggersOf(accordion: Element): HTMLElement[] {
  // Only this accordion's own buttons (not those of an accordion inside one of its answers).
  return [...accordion.querySelectorAll<HTMLElement>(TRIGGER)].filter(
    (trigger) => trigger.closest(`[${ACCORDION_ATTRIBUTE}]`) === accordion,
  );
}

function onClick(event: MouseEvent) {
  const trigger = event.target instanceof Element ? event.target.closest(TRIGGER) : null;
  const accordion = trigger?.closest(`[${ACCORDION_ATTRIBUTE}]`);
  if (!trigger || !accordion) return;
  const opening = trigger.getAttribute("aria-expanded") !== "true";
  for (const other of triggersOf(accordion)) if (other !== trigger) setOpen(other, false);
  setOpen(trigger, opening);
}

const KEYS = ["ArrowDown", "ArrowUp", "Home", "End"];

function onKeyDown(event: KeyboardEvent) {
  if (!KEYS.includes(event.key) || !(event.target instanceof HTMLElement)) return;
  const accordion = event.target.matches(TRIGGER) ? event.target.closest(`[${ACCORDION_ATTRIBUTE}]`) : null;
  if (!accordion) return;
  const triggers = triggersOf(accordion);
  const index = triggers.indexOf(event.target);
  if (index < 0) return;
  event.preventDefault();
  const last = triggers.length - 1;
  const next =
    event.key === "Home"
      ? 0
      : event.key === "End"
        ? last
        : event.key === "ArrowDown"
          ? (index + 1) % triggers.length
          : (index + last) % triggers.length;
  triggers[next]?.focus();
}

export function startAccordions() {
  document.addEventListener("click", onClick);
  document.addEventListener("keydown", onKeyDown);
}
