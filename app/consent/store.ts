/**
 * The browser's consent state: the stored choice and which banner panel shows. One small external
 * store (useSyncExternalStore) so the banner, the footer link and the tags share it. On the server and
 * during hydration the state is `undefined`: the markup is the same for every visitor, and the boot
 * script's `cc-open` class decides visibility until React takes over.
 */
import { useSyncExternalStore } from "react";

import { BANNER_OPEN_CLASS } from "./banner";
import { type ConsentChoice, consentCookie, parseConsentCookie } from "./consent";

export type BannerPanel = "closed" | "banner" | "settings";

export interface ConsentState {
  choice: ConsentChoice | null;
  panel: BannerPanel;
}

let state: ConsentState | undefined;
let opener: HTMLElement | null = null;
const listeners = new Set<() => void>();

function read(): ConsentState {
  if (!state) {
    const choice = parseConsentCookie(document.cookie);
    state = { choice, panel: choice ? "closed" : "banner" };
  }
  return state;
}

function update(next: ConsentState) {
  state = next;
  document.documentElement.classList.toggle(BANNER_OPEN_CLASS, next.panel !== "closed");
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useConsentState(): ConsentState | undefined {
  return useSyncExternalStore(subscribe, read, () => undefined);
}

/** Stores a choice in `cookie_consent` and closes the banner. Returns the choice it replaced. */
export function saveConsent(choice: ConsentChoice): ConsentChoice | null {
  const previous = read().choice;
  document.cookie = consentCookie(choice, { secure: window.location.protocol === "https:" });
  update({ choice, panel: "closed" });
  return previous;
}

/** Opens the settings layer; `from` gets focus back when it closes. */
export function openConsentSettings(from?: HTMLElement | null) {
  opener = from ?? null;
  update({ ...read(), panel: "settings" });
}

export function showSettingsPanel() {
  update({ ...read(), panel: "settings" });
}

/** Leaves the settings layer without a new choice: back to the first layer when none was ever made. */
export function closeConsentSettings() {
  const current = read();
  update({ ...current, panel: current.choice ? "closed" : "banner" });
}

/** The element that opened the settings, once (focus goes back there on close). */
export function takeOpener(): HTMLElement | null {
  const element = opener;
  opener = null;
  return element;
}
