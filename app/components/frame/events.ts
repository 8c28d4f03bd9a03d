/** Small event helpers the frame script's parts share. */

/** A primary-button click without modifier keys on a link the page itself follows (no new tab, no download). */
export function plainClick(event: MouseEvent, link?: HTMLAnchorElement): boolean {
  if (event.defaultPrevented || event.button !== 0) return false;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return false;
  if (link && ((link.target && link.target !== "_self") || link.hasAttribute("download"))) return false;
  return true;
}
