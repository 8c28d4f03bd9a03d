/**
 * Operators' probe: is content reachable, how many submissions wait for delivery, and which legal
 * identity fields are still missing (a warning, never a failure: the pages leave them out).
 */
import { contentSource, getSiteSettings, isContentReachable } from "~/content/index.server";
import { deliveryHealth } from "~/leads/health.server";
import { PRIVATE_NO_STORE } from "~/lib/http-cache";
import { missingLegalFields } from "~/lib/legal-identity";

export async function loader() {
  const [contentReachable, submissions, settings] = await Promise.all([
    isContentReachable(),
    deliveryHealth(),
    getSiteSettings().catch(() => null),
  ]);
  const ok = contentReachable;
  const missing = missingLegalFields(settings?.legalIdentity);
  return Response.json(
    {
      ok,
      content: { source: contentSource().kind, reachable: contentReachable },
      submissions,
      legalIdentity: { complete: missing.length === 0, missing },
    },
    { status: ok ? 200 : 503, headers: { "Cache-Control": PRIVATE_NO_STORE } },
  );
}
