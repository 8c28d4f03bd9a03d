/**
 * A page island (docs/decisions/0025-islands-without-remix.md): `pageIsland(name, Component)` is the
 * component a route renders. The server renders `Component` inside an element that names the island, its
 * entry module's address (build/client.json) and its props and env as JSON; the frame script's loader
 * (app/components/frame/islands.ts) imports that entry when a visitor reaches for it, and the entry
 * (app/islands/<name>.tsx, `islandEntry`) renders it live in place. Props must be JSON: content and
 * plain values, no functions or elements. An element prop (a section between the island's parts, as the
 * calculator's steps) is a slot: `pageIsland(name, Component, ["steps"])`; the server renders it inside a
 * `data-island-slot` element, and the live island keeps that HTML as it is (Astro's slots).
 *
 * A draft preview runs the whole app (docs/preview.md): there the component is simply rendered, live.
 */
import { type ComponentType, createContext, type ReactNode, useContext } from "react";

import { HydrateEveryPage } from "~/lib/hydrate";

import { useIslandEnv } from "./island-env";
import {
  ISLAND_ATTRIBUTE,
  ISLAND_EAGER_ATTRIBUTE,
  ISLAND_OPENS_ATTRIBUTE,
  ISLAND_PROPS_ATTRIBUTE,
  ISLAND_SLOT_ATTRIBUTE,
  ISLAND_SRC_ATTRIBUTE,
} from "./island-markup";

/**
 * A slot's element: `children` on the server; in the browser, the HTML the server sent (`html`), kept as it is
 * (React adopts the element and never touches what is inside). No box of its own.
 */
export function IslandSlot({ name, html, children }: { name: string; html?: string; children?: ReactNode }) {
  const attributes = { [ISLAND_SLOT_ATTRIBUTE]: name, className: "contents" };
  return html === undefined ? (
    <div {...attributes}>{children}</div>
  ) : (
    <div {...attributes} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

/** Each island's entry address, by name (the root loader's, from build/client.json). */
export const IslandSources = createContext<Record<string, string>>({});

export function pageIsland<P extends object>(
  name: string,
  Component: ComponentType<P>,
  slots: ReadonlyArray<keyof P & string> = [],
  options: {
    /**
     * For an island that in-page links open (a section without JavaScript, a dialog once live): the id its links
     * point at (island-markup.ts, `ISLAND_OPENS_ATTRIBUTE`). The live component then gets `start` (mount.tsx).
     */
    opensAt?: (props: P) => string;
  } = {},
): ComponentType<P> {
  function PageIsland(props: P) {
    const env = useIslandEnv();
    const src = useContext(IslandSources)[name];
    const preview = useContext(HydrateEveryPage) || typeof document !== "undefined";
    if (preview) return <Component {...props} />;
    const json: Record<string, unknown> = { ...(props as Record<string, unknown>) };
    const rendered: Record<string, unknown> = { ...(props as Record<string, unknown>) };
    for (const slot of slots) {
      delete json[slot];
      rendered[slot] = <IslandSlot name={slot}>{props[slot] as ReactNode}</IslandSlot>;
    }
    return (
      <div
        className="contents"
        {...{
          [ISLAND_ATTRIBUTE]: name,
          [ISLAND_SRC_ATTRIBUTE]: src,
          [ISLAND_PROPS_ATTRIBUTE]: JSON.stringify({ props: json, env, slots }),
          [ISLAND_EAGER_ATTRIBUTE]: env.actionData != null ? "" : undefined,
          [ISLAND_OPENS_ATTRIBUTE]: options.opensAt?.(props),
        }}
      >
        <Component {...(rendered as P)} />
      </div>
    );
  }
  PageIsland.displayName = `PageIsland(${name})`;
  return PageIsland;
}
