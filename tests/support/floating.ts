/** What the floating WhatsApp button covers, as a visitor sees it. */
import type { Page } from "@playwright/test";

/**
 * The controls (links, buttons, fields) that the floating WhatsApp button is drawn over right now, by their text;
 * empty when the button is hidden or covers none. `withText` also lists text it is drawn over (a first screen
 * keeps all of its text clear; further down, text may pass under it, controls never).
 */
export function coveredByFloatingButton(page: Page, { withText = false } = {}): Promise<string[]> {
  return page.evaluate((includeText) => {
    const button = document.querySelector<HTMLElement>("[data-whatsapp-float]");
    if (!button) return [];
    const style = getComputedStyle(button);
    if (style.visibility === "hidden" || Number(style.opacity) === 0) return [];
    const box = button.getBoundingClientRect();
    const overlaps = (rect: DOMRect) =>
      rect.width > 0 &&
      rect.height > 0 &&
      rect.left < box.right &&
      rect.right > box.left &&
      rect.top < box.bottom &&
      rect.bottom > box.top;
    const found: string[] = [];
    if (includeText) {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || button.contains(node)) continue;
        const parent = node.parentElement;
        if (!parent || parent.closest("[hidden], script, style, template")) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        if ([...range.getClientRects()].some(overlaps)) found.push(`text "${node.textContent.trim().slice(0, 40)}"`);
      }
    }
    for (const control of document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea")) {
      if (control === button || control.closest("[data-whatsapp-float]")) continue;
      const controlStyle = getComputedStyle(control);
      if (controlStyle.visibility === "hidden" || control.closest("[hidden]")) continue;
      if (overlaps(control.getBoundingClientRect()))
        found.push(
          `control "${(control.textContent?.trim() || control.getAttribute("aria-label") || "").slice(0, 40)}"`,
        );
    }
    return found;
  }, withText);
}
