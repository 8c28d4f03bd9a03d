/**
 * The draft preview client: a bundle of its own (scripts/build-preview-client.mjs) that only preview
 * answers load (app/components/preview/bar.server.ts adds its tags), so nothing here reaches a public
 * page. Once Remix has hydrated it:
 * - keeps the bar's "leave preview" link pointing back to the current page,
 * - starts Sanity's click-to-edit overlay (framework-agnostic `enableVisualEditing`), refreshing through
 *   Remix revalidation and syncing navigation with the Studio's Presentation tool,
 * - follows the server's content changes (GET /api/preview-mode/events) and revalidates the open page,
 *   so a preview tab outside the Studio shows a changed draft without a reload,
 * - shows a campaign page's blocks in the order an editor drags them to at once (./block-order.ts).
 */
import "./bar.css";

import { enableVisualEditing, type HistoryAdapter, type VisualEditingOptions } from "@sanity/visual-editing";
import { actor, isEmptyActor, listeners } from "@sanity/visual-editing/optimistic";

import { applyBlockOrder } from "./block-order";
import { PREVIEW_BAR_ID, PREVIEW_EVENTS_PATH, previewExitHref } from "./preview-paths";

/** The part of Remix v2's data router (`window.__remixRouter`) this client uses. */
interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
}
interface RouterState {
  location: RouterLocation;
  revalidation: "idle" | "loading";
}
interface RemixRouter {
  readonly state: RouterState;
  subscribe(listener: (state: RouterState) => void): () => void;
  navigate(to: string | number, options?: { replace?: boolean }): Promise<void>;
  revalidate(): unknown;
}

declare global {
  interface Window {
    __remixRouter?: RemixRouter;
  }
}

const ROUTER_POLL_MS = 50;
const RECONNECT_START_MS = 1_000;
const RECONNECT_MAX_MS = 30_000;

/**
 * False while React is still hydrating the document. The overlay adds an element to <html> (after
 * <body>), which React would take for a mismatch and answer by rendering the whole document again;
 * nodes after the end of <body> (this page's bar) it leaves alone. React 18 keeps the root's state on
 * the container: `isDehydrated` turns false when the hydration commits. Without that internal (another
 * React version) the router's existence has to do.
 */
function hydrationDone(): boolean {
  const key = Object.keys(document).find((name) => name.startsWith("__reactContainer$"));
  const container = key ? (document as unknown as Record<string, unknown>)[key] : undefined;
  const state = (container as { stateNode?: { current?: { memoizedState?: { isDehydrated?: boolean } } } })?.stateNode
    ?.current?.memoizedState;
  return state?.isDehydrated !== true;
}

/** Resolves with Remix's router once the page is hydrated (hydration starts after the first paint). */
function hydratedRouter(): Promise<RemixRouter> {
  return new Promise((resolve) => {
    const check = () => {
      const router = window.__remixRouter;
      if (router && hydrationDone()) resolve(router);
      else setTimeout(check, ROUTER_POLL_MS);
    };
    check();
  });
}

const urlOf = ({ pathname, search, hash }: RouterLocation) => `${pathname}${search}${hash}`;

/** Revalidates every loader of the page; resolves when the fresh data is rendered. */
function revalidate(router: RemixRouter): Promise<void> {
  return new Promise((resolve) => {
    let started = false;
    const unsubscribe = router.subscribe((state) => {
      if (state.revalidation === "loading") started = true;
      else if (started) {
        unsubscribe();
        resolve();
      }
    });
    router.revalidate();
    if (router.state.revalidation !== "loading" && !started) {
      unsubscribe();
      resolve();
    }
  });
}

/** The bar is static server markup outside React: its exit link follows client-side navigation. */
function keepExitLinkCurrent(router: RemixRouter): void {
  const update = (location: RouterLocation) => {
    const link = document.getElementById(PREVIEW_BAR_ID)?.querySelector("a");
    link?.setAttribute("href", previewExitHref(location.pathname));
  };
  update(router.state.location);
  router.subscribe((state) => update(state.location));
}

/** Presentation's navigation sync: report every location, follow the Studio's URL bar. */
function historyAdapter(router: RemixRouter): HistoryAdapter {
  return {
    subscribe(navigate) {
      let reported = "";
      const report = (location: RouterLocation) => {
        const url = urlOf(location);
        if (url === reported) return;
        reported = url;
        navigate({ type: "push", url });
      };
      report(router.state.location);
      return router.subscribe((state) => report(state.location));
    },
    update(update) {
      if (update.type === "push" || update.type === "replace")
        void router.navigate(update.url, { replace: update.type === "replace" });
      else if (update.type === "pop") void router.navigate(-1);
    },
  };
}

const refresh =
  (router: RemixRouter): NonNullable<VisualEditingOptions["refresh"]> =>
  (payload) =>
    // With live preview the Studio patches the page itself; otherwise the loaders read the new draft.
    payload.source === "mutation" && payload.livePreviewEnabled ? false : revalidate(router);

/**
 * Revalidates on every content change the server announces. EventSource retries a dropped connection
 * by itself; a refused one (401 after preview ended, 503 when the server holds too many streams) closes
 * it, and this opens it again with exponential backoff. After any reconnection the page revalidates
 * once, since a change may have come while it was away.
 */
function followContentChanges(onChange: () => void): void {
  let delay = RECONNECT_START_MS;
  let connectedBefore = false;
  const connect = () => {
    const source = new EventSource(PREVIEW_EVENTS_PATH);
    source.addEventListener("open", () => {
      if (connectedBefore) onChange();
      connectedBefore = true;
      delay = RECONNECT_START_MS;
    });
    source.addEventListener("change", onChange);
    source.addEventListener("error", () => {
      if (source.readyState !== EventSource.CLOSED) return;
      setTimeout(connect, delay);
      delay = Math.min(RECONNECT_MAX_MS, delay * 2);
    });
  };
  connect();
}

/**
 * Inside Presentation the overlay sets up its optimistic document store once the Studio says it supports
 * it (`listeners` hear that); each local change to a document then shows at once.
 */
function followOptimisticBlockOrder(): void {
  let subscription: { unsubscribe(): void } | undefined;
  const subscribe = () => {
    subscription?.unsubscribe();
    if (isEmptyActor(actor)) return;
    subscription = actor.on("rebased.local", (event: { document?: unknown }) => applyBlockOrder(event.document));
  };
  listeners.add(subscribe);
  subscribe();
}

void hydratedRouter().then((router) => {
  keepExitLinkCurrent(router);
  enableVisualEditing({ history: historyAdapter(router), refresh: refresh(router) });
  followOptimisticBlockOrder();
  followContentChanges(() => void revalidate(router));
});
