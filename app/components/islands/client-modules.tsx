/**
 * Page content and campaign blocks whose code the browser loads as chunks of their own, only where a
 * page needs them (docs/decisions/javascript-budget.md). A component made here renders from a cache
 * filled by `import()`; the server renders the real component, imported from a `.server` module.
 *
 * Before React hydrates, `preloadForHydration` (app/entry.client.tsx) loads the modules the server's
 * HTML marks as needed at once (`data-module` with `data-hydrate`; every marked module in draft preview,
 * which renders live components). So hydration never waits on a chunk: a boundary still waiting to
 * hydrate when an update reaches it (a hash link, a navigation) would make React drop the server's HTML.
 */
import type { ComponentType } from "react";

import { isPreviewDocument } from "~/lib/preview-document";

type Loader = () => Promise<ComponentType<never>>;

const loaders = new Map<string, Loader>();
const loaded = new Map<string, ComponentType<never>>();
const loading = new Map<string, Promise<void>>();

/** The attributes that mark an element's module in the server's HTML. */
export const MODULE_ATTRIBUTE = "data-module";
export const HYDRATE_ATTRIBUTE = "data-hydrate";

export function loadModule(key: string): Promise<void> {
  const load = loaders.get(key);
  if (!load || loaded.has(key)) return Promise.resolve();
  let promise = loading.get(key);
  if (!promise) {
    promise = load().then(
      (component) => void loaded.set(key, component),
      // A chunk that failed to download (a flaky connection) is asked for again next time.
      (error: unknown) => {
        loading.delete(key);
        throw error;
      },
    );
    loading.set(key, promise);
  }
  return promise;
}

/**
 * The component `key` names: `server` where it is given (the server's render), otherwise one that
 * renders the loaded module, suspending until it has arrived when it has not.
 */
export function moduleComponent<P extends object>(
  key: string,
  server: ComponentType<P> | undefined,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  loaders.set(key, load as Loader);
  if (server) return server;
  function ModuleComponent(props: P) {
    const Component = loaded.get(key) as ComponentType<P> | undefined;
    if (!Component) throw loadModule(key);
    return <Component {...props} />;
  }
  ModuleComponent.displayName = key;
  return ModuleComponent;
}

/** False while a registered module's code is still missing (a module nobody registered has none to wait for). */
export function isModuleReady(key: string): boolean {
  return !loaders.has(key) || loaded.has(key);
}

/**
 * Loads the modules marked in `root` (never rejects). In rounds: a module loaded in one round (the
 * campaign blocks' renderer) registers the modules of the next (its blocks).
 */
export async function loadMarkedModules(root: ParentNode, selector: string): Promise<void> {
  const requested = new Set<string>();
  for (;;) {
    const keys = [...root.querySelectorAll(selector)]
      .map((element) => element.getAttribute(MODULE_ATTRIBUTE) ?? "")
      .filter((key) => loaders.has(key) && !requested.has(key));
    if (keys.length === 0) return;
    for (const key of keys) requested.add(key);
    await Promise.allSettled(keys.map(loadModule));
  }
}

/** The modules a server's HTML needs live at once: those it marks with `data-hydrate`. */
export const LIVE_AT_ONCE = `[${MODULE_ATTRIBUTE}][${HYDRATE_ATTRIBUTE}]`;

/** Loads what the page's HTML needs live before React hydrates it (every marked module in a draft preview). */
export function preloadForHydration(): Promise<void> {
  return loadMarkedModules(document, isPreviewDocument() ? `[${MODULE_ATTRIBUTE}]` : LIVE_AT_ONCE);
}
