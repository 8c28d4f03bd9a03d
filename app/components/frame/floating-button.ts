/**
 * Nothing floating covers a control: while a link, button or field of the page lies under the floating
 * WhatsApp button (`data-whatsapp-float`), the button steps aside (`data-covering`: hidden and out of the
 * way, app/tailwind.css) until the page moves on. The visitor reaching for a page number at the end of
 * /sectores' list, or a footer link, taps that control and not WhatsApp. Part of the frame script (frame.ts);
 * checked on scroll and resize, at most once a frame. Without JavaScript the button stays
 * where it is (on phones it is never over a first screen: the scroll-driven reveal in app/tailwind.css).
 */

export const FLOATING_ATTRIBUTE = "data-whatsapp-float";
export const COVERING_ATTRIBUTE = "data-covering";

/** What a visitor can tap or focus. */
const CONTROL =
  'a[href], button, input, select, textarea, summary, label, [role="button"], [tabindex]:not([tabindex="-1"])';

/**
 * The page's control under `floating` (at its centre or near a corner), if any. The floating element's
 * own parts and the elements around it (its landmark, the body) are not "under" it.
 */
export function controlUnder(floating: HTMLElement): Element | null {
  const box = floating.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return null;
  const inset = Math.min(4, box.width / 4, box.height / 4);
  const points: Array<[number, number]> = [
    [box.left + box.width / 2, box.top + box.height / 2],
    [box.left + inset, box.top + inset],
    [box.right - inset, box.top + inset],
    [box.left + inset, box.bottom - inset],
    [box.right - inset, box.bottom - inset],
  ];
  for (const [x, y] of points) {
    for (const element of document.elementsFromPoint(x, y)) {
      if (floating.contains(element) || element.contains(floating)) continue;
      const control = element.closest(CONTROL);
      if (control && !control.contains(floating)) return control;
    }
  }
  return null;
}

let started = false;

/** Starts watching the page's floating button(s); a second call does nothing. */
export function startFloatingStepAside(): void {
  if (started) return;
  started = true;
  let scheduled = false;
  const check = () => {
    scheduled = false;
    for (const floating of document.querySelectorAll<HTMLElement>(`[${FLOATING_ATTRIBUTE}]`)) {
      // Measured where it stands when shown: a stepped-aside button keeps its box (visibility only).
      floating.toggleAttribute(COVERING_ATTRIBUTE, controlUnder(floating) !== null);
    }
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(check);
  };
  window.addEventListener("scroll", schedule, { passive: true });
  window.addEventListener("resize", schedule, { passive: true });
  // Content that changes under a still page (an accordion opening, a lazy image's box) is met at the next scroll;
  // the page's own first position (a reload halfway down, a #section) is checked at once.
  schedule();
}
