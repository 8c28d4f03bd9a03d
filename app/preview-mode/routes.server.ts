/**
 * The preview-mode endpoints (docs/preview.md). They are not Remix routes on purpose: every route's
 * entry is in the route manifest that each public page downloads, and public pages must not carry a
 * byte of the preview feature. The production server answers these paths before Remix
 * (server/remix-handler.ts), inside the same request scope.
 */
import type { PreviewModeArgs } from "./args";
import { disablePreview } from "./disable.server";
import { enablePreview } from "./enable.server";
import { previewEvents } from "./events.server";

export type { PreviewModeArgs };

export type PreviewModeHandler = (args: PreviewModeArgs) => Promise<Response>;

/** GET (and HEAD) handlers by exact path. */
export const previewModeRoutes: Readonly<Record<string, PreviewModeHandler>> = {
  "/api/preview-mode/enable": enablePreview,
  "/api/preview-mode/disable": disablePreview,
  "/api/preview-mode/events": previewEvents,
};
