/**
 * Islands: the one way a page or a campaign block says how its code reaches the browser
 * (docs/decisions/0008-islands.md). An island is a component whose module is a chunk of
 * its own, loaded by `import()`, with one of three hydrations:
 *
 * - 'server-html': nothing to do in the browser (text, images, links). Hydration keeps the server's
 *   HTML as it is, and the chunk is never downloaded on that page (static-html.tsx).
 * - 'on-interaction': a form. The server's HTML stays, and works as without JavaScript, until the
 *   visitor reaches for it (a pointer over it, a touch, a focus, a key); then the chunk loads and the
 *   live form takes its place, keeping what was typed (on-interaction.tsx).
 * - 'at-once': live from the start. Its chunk loads before React hydrates the page (client-modules.tsx).
 *
 * Without server HTML to keep (a client-side navigation, a draft preview) every island renders live, its
 * chunk loaded first: a route lists its islands in `islandsLoader`, so a navigation brings the code with
 * the data.
 *
 * The server renders the same components, from the same `import()`s: entry.server.tsx awaits
 * `loadEveryIsland()` before its first render. So no component is imported from a `.server` module to be
 * rendered on the server and left out of the browser (the classic compiler's empty `.server` modules,
 * which Vite refuses); a lint rule (eslint.config.js) keeps every module that is not a route from reading
 * values of `.server` modules, and tests/integration/client-build.test.ts fails when a `.server`
 * module's code reaches a browser file. Moving to Vite changes nothing here: there is no `serverOnly$`
 * to write.
 */
import type { ClientLoaderFunctionArgs } from "@remix-run/react";
import type { ComponentType, ReactNode } from "react";

import {
  HYDRATE_ATTRIBUTE,
  loadEveryModule,
  loadModule,
  MODULE_ATTRIBUTE,
  moduleComponent,
  ON_INTERACTION_MODULE,
} from "./client-modules";
import { LoadingBoundary, StaticHtml } from "./static-html";

export { preloadForHydration } from "./client-modules";
export { LoadingBoundary } from "./static-html";

/**
 * The 'on-interaction' wrapper, a module of its own: pages without a form never download it. A page with
 * one loads it before hydrating (`preloadForHydration`), a client-side navigation with the route's islands.
 */
const LiveOnInteraction = moduleComponent<{ module: string; children: ReactNode }>(ON_INTERACTION_MODULE, () =>
  import("./on-interaction").then((module) => module.LiveOnInteraction),
);

/** How an island's code reaches the browser (above). */
export type Hydration = "server-html" | "on-interaction" | "at-once";

export interface Island<P extends object> {
  (props: P): ReactNode;
  /** Its chunk's key, as `data-module` names it in the HTML. */
  module: string;
  hydration: Hydration;
  /** The component without its hydration wrapper, live once its chunk is in (a draft preview's blocks). */
  Live: ComponentType<P>;
}

/** The wrapper that gives `children` (the component of `module`) its hydration. */
function IslandFrame({
  module,
  hydration,
  as,
  children,
}: {
  module: string;
  hydration: Hydration;
  /** `span` where the island sits in phrasing content (an icon inside a `<span>`); 'server-html' only. */
  as?: "div" | "span";
  children: ReactNode;
}) {
  if (hydration === "server-html")
    return (
      <StaticHtml module={module} as={as}>
        {children}
      </StaticHtml>
    );
  if (hydration === "on-interaction") return <LiveOnInteraction module={module}>{children}</LiveOnInteraction>;
  return (
    <div className="contents" {...{ [MODULE_ATTRIBUTE]: module, [HYDRATE_ATTRIBUTE]: "" }}>
      <LoadingBoundary>{children}</LoadingBoundary>
    </div>
  );
}

/**
 * The island `module`: `load` imports its component (a chunk of its own); the component returned renders
 * it with its hydration.
 */
export function island<P extends object>(
  module: string,
  hydration: Hydration,
  load: () => Promise<ComponentType<P>>,
  options: { as?: "div" | "span" } = {},
): Island<P> {
  const Live = moduleComponent(module, load);
  function IslandComponent(props: P) {
    return (
      <IslandFrame module={module} hydration={hydration} as={options.as}>
        <Live {...props} />
      </IslandFrame>
    );
  }
  IslandComponent.displayName = `Island(${module})`;
  return Object.assign(IslandComponent, { module, hydration, Live });
}

/** Starts loading an island's chunk (resolves when it is in; a failed download is tried again next time). */
export const loadIsland = loadModule;

/** Every island's code, loaded (the server, before its first render). */
export const loadEveryIsland = loadEveryModule;

/**
 * The `clientLoader` of a route with islands. A client-side navigation there renders them live, so their
 * code is loaded together with the data: the page appears whole, and a `#hash` in the link finds its
 * section (Remix scrolls once, right after the render). Not run when hydrating. A chunk that fails to
 * download does not fail the navigation: the island then suspends and asks again.
 */
export function islandsLoader(...islands: ReadonlyArray<{ module: string; hydration: Hydration }>) {
  const modules = islands.map((entry) => entry.module);
  if (islands.some((entry) => entry.hydration === "on-interaction")) modules.push(ON_INTERACTION_MODULE);
  return async ({ serverLoader }: ClientLoaderFunctionArgs) => {
    const [data] = await Promise.all([
      serverLoader(),
      ...modules.map((module) => loadModule(module).catch(() => undefined)),
    ]);
    return data;
  };
}
