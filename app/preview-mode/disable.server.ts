/** Ends preview mode for this browser and goes back to the page it was on (same site only) or `/`. */
import { PRIVATE_NO_STORE } from "~/lib/http-cache";
import { safeRedirectTarget } from "~/lib/redirect-target";
import { disablePreviewCookie } from "~/visitor/preview.server";

import type { PreviewModeArgs } from "./args";

export async function disablePreview({ request }: PreviewModeArgs) {
  const url = new URL(request.url);
  const target = url.searchParams.get("redirect") ?? url.searchParams.get("sanity-preview-pathname") ?? "/";
  return new Response(null, {
    status: 307,
    headers: {
      Location: safeRedirectTarget(target),
      "Set-Cookie": await disablePreviewCookie(request),
      "Cache-Control": PRIVATE_NO_STORE,
      "X-Robots-Tag": "noindex",
    },
  });
}
