/**
 * Which documents hydrate: a draft preview only (the Studio's overlay and live refresh need the whole app,
 * docs/preview.md). A public page renders no `<Scripts/>` and no `window.__remixContext`: its header, FAQ,
 * tooltips, cookie banner and tracking are the frame script's (app/components/frame/), and its forms, calculator
 * and dialogs are page islands that bring their own React when a visitor reaches for them
 * (docs/decisions/0025-islands-without-remix.md).
 */
import { createContext } from "react";

/** True when the server renders a draft preview, which hydrates as a whole. Given by app/entry.server.tsx. */
export const HydrateEveryPage = createContext(false);
