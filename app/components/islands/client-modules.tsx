/**
 * The cache behind every island (island.tsx, the one module the rest of the app uses): a component
 * made here renders its module's code once `import()` has brought it, suspending until then.
 *
 * On the server every registered module is loaded before the first render (`loadEveryModule`, awaited
 * by app/entry.server.tsx), so the server renders the real components from the same `import()`s: no
 * server-only copy of a component is imported anywhere, and nothing here depends on the compiler
 * emptying `.server` modules in the browser.
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

/** The component `key` names: it renders the loaded module, suspending until it has arrived when it has not. */
export function moduleComponent<P extends object>(
  key: string,
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  loaders.set(key, load as Loader);
  function ModuleComponent(props: P) {
    const Component = loaded.get(key) as ComponentType<P> | undefined;
    if (!Component) throw loadModule(key);
    return <Component {...props} />;
  }
  ModuleComponent.displayName = key;
  return ModuleComponent;
}

/**
 * Loads every registered module (the server, before it renders). In rounds, as `loadMarkedModules`: a
 * module loaded in one round (the campaign blocks' renderer) registers those of the next (its blocks).
 * Rejects when one fails: a server that cannot load its own code must not render half a page.
 */
export async function loadEveryModule(): Promise<void> {
  for (;;) {
    const keys = [...loaders.keys()].filter((key) => !loaded.has(key));
    if (keys.length === 0) return;
    await Promise.all(keys.map(loadModule));
  }
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

/**
 * The wrapper of the 'on-interaction' islands (on-interaction.tsx) is a module too: only pages with a form
 * load it, before hydrating; the server marks each such island's element with this attribute.
 */
export const ON_INTERACTION_MODULE = "island:on-interaction";
export const ON_INTERACTION_ATTRIBUTE = "data-on-interaction";

/** Loads what the page's HTML needs live before React hydrates it (every marked module in a draft preview). */
export async function preloadForHydration(): Promise<void> {
  await Promise.all([
    loadMarkedModules(document, isPreviewDocument() ? `[${MODULE_ATTRIBUTE}]` : LIVE_AT_ONCE),
    document.querySelector(`[${ON_INTERACTION_ATTRIBUTE}]`)
      ? loadModule(ON_INTERACTION_MODULE).catch(() => undefined)
      : undefined,
  ]);
}
