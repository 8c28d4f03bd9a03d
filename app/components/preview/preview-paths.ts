/** Names the preview bar's server markup (./bar.server.ts) and the preview client (./client.ts) share. */

export { PREVIEW_BAR_ID } from "~/lib/preview-document";

/** Server-sent events for an open preview page: app/preview-mode/events.server.ts. */
export const PREVIEW_EVENTS_PATH = "/api/preview-mode/events";

/** Leaving preview goes back to the page the editor is on. */
export const previewExitHref = (pathname: string) =>
  `/api/preview-mode/disable?redirect=${encodeURIComponent(pathname)}`;

/** The query parameter that shows one variant of an A/B experiment in preview (app/experiments/serve.server.ts). */
export const PREVIEW_VARIANT_PARAM = "variante";
