/**
 * The island loader of the frame script (docs/decisions/0025-islands-without-remix.md): a page's forms, its
 * calculator and its dialogs are the server's HTML, working as without JavaScript, until the visitor reaches
 * for one (a pointer over it, a touch, a focus, a key, any input); then the island's own entry module
 * (`data-island-src`, with React) is imported and takes the HTML over (app/components/islands/mount.tsx).
 * An island whose page answers a post to it (`data-island-eager`) is loaded at once.
 *
 * - While the code is coming, the island's forms leave the checks to the live form (`noValidate`), and a send
 *   is held (no reload) and made again by the live form with its in-place checks. Should the code not come
 *   (a failed download, or 5 s), the held form is sent as without JavaScript, with the browser's checks: the
 *   lead is never lost.
 * - A press in progress is let finish first, so a click is never split between the two forms.
 * - An island that in-page links open (`data-island-opens`: a /mensual plan form, a section without JavaScript
 *   and a dialog once live) also loads when a link to it is reached; a click on one before the code is in opens
 *   the island as it arrives (or, should the code not come, goes to the section as without JavaScript), and the
 *   page loaded at its `#id` loads and opens it at once. Its form keeps the browser's checks and is never held:
 *   sent before the code is in, it posts as without JavaScript, and the page's answer opens it to show the result.
 * Plain DOM: this is part of the frame script, which carries no framework.
 */
import {
  HELD_OPEN_TIMEOUT_MS,
  HELD_SEND_TIMEOUT_MS,
  type HeldOpen,
  type HeldSend,
  ISLAND_ATTRIBUTE,
  ISLAND_EAGER_ATTRIBUTE,
  ISLAND_LIVE_ATTRIBUTE,
  ISLAND_OPENS_ATTRIBUTE,
  ISLAND_SRC_ATTRIBUTE,
  type IslandEntry,
  SERVER_NOVALIDATE_ATTRIBUTE,
  submitHeld,
  submittersOf,
} from "~/components/islands/island-markup";

import { plainClick } from "./events";

interface IslandState {
  requested: boolean;
  pressing: boolean;
  swapWaiting: boolean;
  sendNatively: boolean;
  held: HeldSend | null;
  /** Asked to open (a link clicked, the page's hash) before its code was in. */
  opening: HeldOpen | null;
  entry: IslandEntry | null;
}

const states = new WeakMap<Element, IslandState>();

function stateOf(element: Element): IslandState {
  let state = states.get(element);
  if (!state) {
    state = {
      requested: false,
      pressing: false,
      swapWaiting: false,
      sendNatively: false,
      held: null,
      opening: null,
      entry: null,
    };
    states.set(element, state);
  }
  return state;
}

/** The island around `target` still waiting for its code, or null. */
function waitingIsland(target: EventTarget | null): HTMLElement | null {
  const island = target instanceof Element ? target.closest<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`) : null;
  return island && !island.hasAttribute(ISLAND_LIVE_ATTRIBUTE) ? island : null;
}

/** The link `target` is in, when it points at an island of this page that links open, still waiting for its code. */
function openerOf(target: EventTarget | null): { link: HTMLAnchorElement; island: HTMLElement } | null {
  const link = target instanceof Element ? target.closest<HTMLAnchorElement>("a[href]") : null;
  if (!link) return null;
  const url = new URL(link.href, window.location.href);
  if (url.pathname !== window.location.pathname || url.search !== window.location.search || url.hash.length < 2)
    return null;
  const island = islandOpenedAt(url.hash.slice(1));
  return island ? { link, island } : null;
}

/** The island that links to `#id` open, still waiting for its code. */
function islandOpenedAt(id: string): HTMLElement | null {
  const island = document.querySelector<HTMLElement>(`[${ISLAND_OPENS_ATTRIBUTE}="${CSS.escape(id)}"]`);
  return island && !island.hasAttribute(ISLAND_LIVE_ATTRIBUTE) ? island : null;
}

function swap(element: HTMLElement) {
  const state = stateOf(element);
  if (!state.entry || state.sendNatively || element.hasAttribute(ISLAND_LIVE_ATTRIBUTE)) return;
  if (state.pressing) {
    state.swapWaiting = true;
    return;
  }
  const held = state.held;
  const opening = state.opening;
  state.held = null;
  state.opening = null;
  state.entry.mount(element, held, opening);
}

/** The held send, made by the server's form as without JavaScript (the code did not come). */
function sendHeldNatively(element: HTMLElement) {
  const state = stateOf(element);
  const held = state.held;
  if (!held || element.hasAttribute(ISLAND_LIVE_ATTRIBUTE)) return;
  state.held = null;
  state.sendNatively = true;
  element
    .querySelectorAll("form")
    .forEach((form) => (form.noValidate = form.hasAttribute(SERVER_NOVALIDATE_ATTRIBUTE)));
  submitHeld(element, held);
}

/** Resolves in a new task of the event loop (input waiting since is handled first). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => window.setTimeout(resolve, 0));
}

function request(element: HTMLElement) {
  const state = stateOf(element);
  const src = element.getAttribute(ISLAND_SRC_ATTRIBUTE);
  if (state.requested || !src) return;
  state.requested = true;
  (import(/* @vite-ignore */ src) as Promise<IslandEntry>)
    .then(async (entry) => {
      await entry.prepare(element);
      // The modules were evaluated in this task: the mount (React's render) gets a task of its own, so a key the
      // visitor presses meanwhile is answered between the two instead of after both.
      await nextTask();
      return entry;
    })
    .then(
      (entry) => {
        state.entry = entry;
        swap(element);
      },
      () => {
        // Asked for again at the next reach (the browser does not keep a failed module).
        state.requested = false;
        sendHeldNatively(element);
        openNatively(element);
      },
    );
}

/** An open asked for before the code came, made as without JavaScript: the page goes to the island's section. */
function openNatively(element: HTMLElement) {
  const state = stateOf(element);
  if (!state.opening) return;
  state.opening = null;
  const id = element.getAttribute(ISLAND_OPENS_ATTRIBUTE);
  if (!id) return;
  element.style.display = "";
  if (window.location.hash === `#${id}`) document.getElementById(id)?.scrollIntoView();
  else window.location.hash = id;
}

function onReach(event: Event) {
  const island = waitingIsland(event.target) ?? openerOf(event.target)?.island;
  if (island) request(island);
}

/** A click on a link to an island that links open, before its code is in: the island opens as it arrives. */
function onClick(event: MouseEvent) {
  const opener = openerOf(event.target);
  if (!opener || !plainClick(event, opener.link)) return;
  const state = stateOf(opener.island);
  if (state.sendNatively) return;
  event.preventDefault();
  state.opening = { opener: opener.link };
  request(opener.island);
  window.setTimeout(() => openNatively(opener.island), HELD_OPEN_TIMEOUT_MS);
}

function onPress(event: Event) {
  const opener = openerOf(event.target);
  if (opener) request(opener.island);
  const island = waitingIsland(event.target);
  if (!island) return;
  const state = stateOf(island);
  state.pressing = true;
  request(island);
  const release = () => {
    window.removeEventListener("pointerup", release, true);
    window.removeEventListener("pointercancel", release, true);
    // After the click this press makes (dispatched in the same task as pointerup).
    setTimeout(() => {
      state.pressing = false;
      if (state.swapWaiting) swap(island);
    }, 0);
  };
  window.addEventListener("pointerup", release, true);
  window.addEventListener("pointercancel", release, true);
}

function onSubmit(event: Event) {
  const island = waitingIsland(event.target);
  const state = island ? stateOf(island) : null;
  // An island that links open is not held: its form posts as without JavaScript (the answer opens it).
  if (!island || !state || state.sendNatively || island.hasAttribute(ISLAND_OPENS_ATTRIBUTE)) return;
  const form = event.target as HTMLFormElement;
  const forms = Array.from(island.querySelectorAll("form"));
  const submitter = (event as SubmitEvent).submitter;
  event.preventDefault();
  state.held = {
    form: Math.max(0, forms.indexOf(form)),
    submitter: submitter ? Math.max(0, submittersOf(form).indexOf(submitter)) : 0,
  };
  request(island);
  window.setTimeout(() => sendHeldNatively(island), HELD_SEND_TIMEOUT_MS);
}

export function startIslands() {
  const islands = document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`);
  if (islands.length === 0) return;
  for (const island of islands) {
    const opensAt = island.getAttribute(ISLAND_OPENS_ATTRIBUTE);
    if (opensAt !== null) {
      // Loaded at its `#id`: the island opens as its code arrives.
      if (window.location.hash === `#${opensAt}`) {
        stateOf(island).opening = { opener: null };
        request(island);
      } else if (!island.hasAttribute(ISLAND_EAGER_ATTRIBUTE) && !island.contains(document.activeElement)) {
        // With JavaScript the form is a dialog: its section leaves the page (as when the live island mounts),
        // unless the visitor is already in it (a tap on a link before this script ran) or it shows a post's answer.
        island.style.display = "none";
      }
    } else {
      // The live form makes its own checks, in place and in Spanish: the browser's would stop a send before it
      // can be held. They come back if the send goes natively.
      island.querySelectorAll("form").forEach((form) => {
        if (form.noValidate) form.setAttribute(SERVER_NOVALIDATE_ATTRIBUTE, "");
        form.noValidate = true;
      });
    }
    if (island.hasAttribute(ISLAND_EAGER_ATTRIBUTE)) request(island);
  }
  for (const type of ["pointerover", "focusin", "keydown", "input"]) document.addEventListener(type, onReach, true);
  document.addEventListener("pointerdown", onPress, true);
  document.addEventListener("click", onClick);
  document.addEventListener("submit", onSubmit, true);
}
