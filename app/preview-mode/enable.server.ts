/**
 * Sanity's preview handshake: the Presentation tool opens this URL with a fresh secret. Valid → preview
 * cookie and a redirect to the page (without the secret); wrong or expired → 401. Every handshake spends
 * one of its address's FORM_RATE_LIMIT turns per 10 minutes (app/leads/backend.server.ts): past them → 429
 * before the secret is looked at, nothing enabled. See docs/preview.md.
 */
import { checkPreviewUrl } from "~/content/preview-secret.server";
import { previewHandshakeLimiter } from "~/leads/backend.server";
import { clientKey } from "~/lib/client-key.server";
import { PRIVATE_NO_STORE } from "~/lib/http-cache";
import { log } from "~/lib/log.server";
import { clientIp } from "~/visitor/context.server";
import { enablePreviewCookie } from "~/visitor/preview.server";

import type { PreviewModeArgs } from "./args";

export async function enablePreview({ request, context }: PreviewModeArgs) {
  const limit = await previewHandshakeLimiter().consume(clientKey(clientIp(context)));
  if (!limit.allowed) {
    log("warn", "preview refused by rate limit");
    return new Response(
      "Demasiados intentos de vista previa. Espera unos minutos y vuelve a abrirla desde el Studio.",
      {
        status: 429,
        headers: {
          "Cache-Control": PRIVATE_NO_STORE,
          "Content-Type": "text/plain; charset=utf-8",
          "Retry-After": String(limit.retryAfterSeconds),
        },
      },
    );
  }
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
