/**
 * Sanity's preview handshake: the Presentation tool opens this URL with a fresh secret. Valid → preview
 * cookie and a redirect to the page (without the secret); wrong or expired → 401. See docs/preview.md.
 */
import { checkPreviewUrl } from "~/content/preview-secret.server";
import { PRIVATE_NO_STORE } from "~/lib/http-cache";
import { log } from "~/lib/log.server";
import { enablePreviewCookie } from "~/visitor/preview.server";

import type { PreviewModeArgs } from "./args";

export async function enablePreview({ request }: PreviewModeArgs) {
  const location = await checkPreviewUrl(request.url);
  if (!location) {
    log("warn", "preview refused: invalid or expired secret");
    return new Response("Vista previa no autorizada: el enlace no es válido o ha caducado.", {
      status: 401,
      headers: { "Cache-Control": PRIVATE_NO_STORE, "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  return new Response(null, {
    status: 307,
    headers: {
      Location: location,
      "Set-Cookie": await enablePreviewCookie(request),
      "Cache-Control": PRIVATE_NO_STORE,
      "X-Robots-Tag": "noindex",
    },
  });
}
