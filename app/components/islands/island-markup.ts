/**
 * The attributes an island's element carries in the server's HTML (docs/decisions/0025-islands-without-remix.md):
 * read by the frame script's island loader (app/components/frame/islands.ts) and by the island's own mount
 * (./mount.tsx). Plain strings: the frame script imports this module and must stay free of React.
 */
/** The island's name (its entry in build/client.json). */
export const ISLAND_ATTRIBUTE = "data-island";
/** The address of its entry module. */
export const ISLAND_SRC_ATTRIBUTE = "data-island-src";
/** Its props and env as JSON (data, not script: it is never run). */
export const ISLAND_PROPS_ATTRIBUTE = "data-island-props";
/** Set when its code should come at once: the page answers a post made to it. */
export const ISLAND_EAGER_ATTRIBUTE = "data-island-eager";
/** Set once its live component has taken the server's HTML over (tests wait for it). */
export const ISLAND_LIVE_ATTRIBUTE = "data-island-live";
/** On a form whose server HTML had `noValidate`: kept when the loader turns the browser's checks off. */
export const SERVER_NOVALIDATE_ATTRIBUTE = "data-server-novalidate";

/**
 * On an island that in-page links open (a /mensual plan form: the section without JavaScript, a dialog once
 * live): the id those links point at (`<a href="#id">`). A link to it, reached, loads the island; clicked before
 * the code is in, it opens the island as it arrives; the page loaded at `#id` loads it at once.
 */
export const ISLAND_OPENS_ATTRIBUTE = "data-island-opens";

/** A slot inside an island: server HTML the live island keeps as it is (its value is the slot's prop name). */
export const ISLAND_SLOT_ATTRIBUTE = "data-island-slot";

/** How long a send made before an island's code arrived waits for it before going as without JavaScript. */
export const HELD_SEND_TIMEOUT_MS = 5_000;

/** How long a click that opens an island waits for its code before going to its section as without JavaScript. */
export const HELD_OPEN_TIMEOUT_MS = 3_000;

/** A send made before the island's code arrived: which form under the island, which of its buttons. */
export interface HeldSend {
  form: number;
  submitter: number;
}

/** An island that in-page links open, asked to open before its code was in: by a link (`opener`), or the page's hash. */
export interface HeldOpen {
  opener: HTMLElement | null;
}

/** What an island's entry module exports. */
export interface IslandEntry {
  /** Loads what the live island needs at once (its own parts the server showed), before `mount`. Never rejects. */
  prepare(element: HTMLElement): Promise<void>;
  /**
   * Renders the live island in place of the server's HTML, carrying over what the visitor did, then makes `held`;
   * an island that links open (`ISLAND_OPENS_ATTRIBUTE`) opens when `opening` says it was asked to.
   */
  mount(element: HTMLElement, held: HeldSend | null, opening?: HeldOpen | null): void;
}

/** A form's submit buttons, in order (a held send names one by its place). */
export function submittersOf(form: HTMLFormElement): HTMLElement[] {
  return Array.from(
    form.querySelectorAll<HTMLElement>("button:not([type=button]):not([type=reset]), input[type=submit]"),
  );
}

/** Makes a held send again with the same button, as the visitor's click would have. */
export function submitHeld(root: Element, held: HeldSend) {
  const form = root.querySelectorAll("form")[held.form] ?? root.querySelector("form");
  if (!form) return;
  const submitter = submittersOf(form)[held.submitter] ?? null;
  try {
    form.requestSubmit(submitter);
  } catch {
    // A button the live form no longer counts as its own: the form's default send.
    form.requestSubmit();
  }
}
