/**
 * How a /mensual plan dialog opens: any link to its `#id` on the page (or the page loaded at `#id`),
 * and the on-demand download of the dialog's frame (PlanDialogModal), started as soon as a pointer or
 * the keyboard focus reaches such a link.
 */
import { type ComponentType, useCallback, useEffect, useRef, useState } from "react";

import type { PlanDialogModalProps } from "../PlanDialogModal";

let modalModule: Promise<{ default: ComponentType<PlanDialogModalProps> }> | undefined;

/** The dialog frame's module, fetched once (a failed fetch may be tried again). */
function loadModal() {
  modalModule ??= import("../PlanDialogModal").catch((error: unknown) => {
    modalModule = undefined;
    throw error;
  });
  return modalModule;
}

export function useModalFrame() {
  const [Modal, setModal] = useState<ComponentType<PlanDialogModalProps> | null>(null);
  const [failed, setFailed] = useState(false);
  const request = useCallback(() => {
    loadModal().then(
      (module) => setModal(() => module.default),
      () => setFailed(true),
    );
  }, []);
  return { Modal, failed, request };
}

/** The link an event happened on, when it points at `#id` on this page. */
function triggerLink(event: Event, id: string): HTMLAnchorElement | null {
  const link = (event.target as Element | null)?.closest?.("a[href]") as HTMLAnchorElement | null;
  if (!link) return null;
  const target = new URL(link.href, window.location.href);
  return target.hash === `#${id}` && target.pathname === window.location.pathname ? link : null;
}

/**
 * Opens when a link to `#id` is clicked anywhere on the page, or when the page is loaded at `#id`;
 * `prepare` runs as soon as a pointer or the keyboard focus reaches such a link (a click follows).
 */
export function useHashTrigger(id: string, enabled: boolean, open: () => void, prepare: () => void) {
  const opener = useRef<HTMLElement | null>(null);
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
      if (triggerLink(event, id)) prepare();
    }
    const intents = ["pointerover", "pointerdown", "focusin"] as const;
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
