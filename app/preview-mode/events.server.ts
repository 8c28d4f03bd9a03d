/**
 * GET /api/preview-mode/events: server-sent events for an open preview page (docs/preview.md). Only a
 * browser in preview mode gets a stream (401 otherwise); every content change sends `event: change`.
 */
import { previewEventStream, refusedStream } from "~/content/preview-events.server";
import { isPreviewRequest } from "~/visitor/preview.server";

import type { PreviewModeArgs } from "./args";

export async function previewEvents({ request }: PreviewModeArgs) {
  if (!(await isPreviewRequest(request))) return refusedStream(401, "Vista previa no activa.");
  return previewEventStream(request.signal);
}
