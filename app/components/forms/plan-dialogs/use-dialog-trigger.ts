/**
 * How a live /mensual plan dialog opens: any link to its `#id` on the page (or the page loaded at `#id`). Before
 * its code is there, the frame script's island loader does the same (app/components/frame/islands.ts).
 */
import { useEffect, useRef } from "react";

/** The link an event happened on, when it points at `#id` on this page. */
function triggerLink(event: Event, id: string): HTMLAnchorElement | null {
  const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
  if (!link) return null;
  const target = new URL(link.href, window.location.href);
  return target.hash === `#${id}` && target.pathname === window.location.pathname ? link : null;
}

/**
 * Opens when a link to `#id` is clicked anywhere on the page, or when the page is loaded at `#id`;
 * `prepare` (when given) runs as soon as a pointer or the keyboard focus reaches such a link (a click follows).
 * The returned ref holds the link that opened it (`initialOpener`: one that did before this mounted).
 */
export function useHashTrigger(
  id: string,
  enabled: boolean,
  open: () => void,
  prepare?: () => void,
  initialOpener: HTMLElement | null = null,
) {
  const opener = useRef<HTMLElement | null>(initialOpener);
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  });
  useEffect(() => {
    if (!enabled) return;
    function onClick(event: MouseEvent) {
      if (
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        event.altKey
      )
        return;
      const link = triggerLink(event, id);
      if (!link) return;
      event.preventDefault();
      opener.current = link;
      openRef.current();
    }
    function onIntent(event: Event) {
      if (triggerLink(event, id)) prepare?.();
    }
    const intents = prepare ? (["pointerover", "pointerdown", "focusin"] as const) : [];
    document.addEventListener("click", onClick);
    for (const type of intents) document.addEventListener(type, onIntent, { passive: true });
    if (window.location.hash === `#${id}`) openRef.current();
    return () => {
      document.removeEventListener("click", onClick);
      for (const type of intents) document.removeEventListener(type, onIntent);
    };
  }, [id, enabled, prepare]);
  return opener;
}
