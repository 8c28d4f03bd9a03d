/**
 * Which pages hydrate (docs/decisions/0023-a-frame-without-a-framework.md). A route whose page carries a
 * lead form, the calculator or /mensual's dialogs exports `handle = HYDRATE`: its document carries Remix's
 * `<Scripts/>` and React takes it over. Every other page renders no `<Scripts/>` and no
 * `window.__remixContext`: its header, FAQ, tooltips, cookie banner and tracking are the frame script's
 * (app/components/frame/), which every page loads. A draft preview hydrates every page (docs/preview.md).
 */
import { createContext } from "react";

export const HYDRATE = { hydrate: true } as const;

/** True when one of the matched routes asks for hydration (`handle = HYDRATE`). */
export function routesHydrate(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  return matches.some((match) => (match.handle as { hydrate?: unknown } | undefined)?.hydrate === true);
}

/**
 * True when the server renders a document that hydrates whatever its route says: a draft preview (the
 * Studio's overlay and live refresh need the whole app, docs/preview.md). Given by app/entry.server.tsx.
 */
export const HydrateEveryPage = createContext(false);
