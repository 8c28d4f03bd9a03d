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

/** Points per side of the grid a check samples: 18 px apart on the 56 px button, less than a link's height. */
const GRID = 4;

/**
 * The page's control under `floating` (anywhere in its box, edges included: a grid of points from edge to edge),
 * if any. The floating element's own parts and the elements around it (its landmark, the body) are not "under" it.
 */
export function controlUnder(floating: HTMLElement): Element | null {
  const box = floating.getBoundingClientRect();
  if (box.width === 0 || box.height === 0) return null;
  // The far edges are outside the box (a rectangle holds its left and top edges, not its right and bottom).
  const along = (start: number, size: number) =>
    Array.from({ length: GRID }, (_, index) => start + ((size - 0.01) * index) / (GRID - 1));
  for (const y of along(box.top, box.height)) {
    for (const x of along(box.left, box.width)) {
      for (const element of document.elementsFromPoint(x, y)) {
        if (floating.contains(element) || element.contains(floating)) continue;
        const control = element.closest(CONTROL);
        if (control && !control.contains(floating)) return control;
      }
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
  // Content that moves under a still page (a form taken over by its live code, an accordion opening, images
  // loaded) changes the page's height: checked again then, and once everything has loaded. The page's own first
  // position (a reload halfway down, a #section) is checked at once.
  new ResizeObserver(schedule).observe(document.body);
  window.addEventListener("load", schedule, { once: true });
  schedule();
}
