/**
 * The draft-preview bar's id. The server adds the bar to preview answers only
 * (app/components/preview/bar.server.ts), so public code can tell a preview document by it without
 * carrying any of the preview feature.
 */
export const PREVIEW_BAR_ID = "vista-previa";

/** True in the browser on a draft-preview document. */
export function isPreviewDocument(): boolean {
  return typeof document !== "undefined" && document.getElementById(PREVIEW_BAR_ID) !== null;
}
