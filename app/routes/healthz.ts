/**
 * Operators' probe: is content reachable, how many submissions wait for delivery and the age of the
 * oldest delivery not yet made (`oldestPendingSeconds`, null while it cannot be read), the database when
 * DATABASE_URL is set (reachable, its pending and failed counts), and which legal identity fields are
 * still missing. A missing field or a database that cannot be reached is reported, never a failure: the
 * pages leave the field out and leads wait in DATA_DIR until the database answers.
 */
import { contentSource, getSiteSettings, isContentReachable } from "~/content/index.server";
import { deliveryHealth, oldestPendingSeconds } from "~/leads/health.server";
import { PRIVATE_NO_STORE } from "~/lib/http-cache";
import { missingLegalFields } from "~/lib/legal-identity";

export async function loader() {
  const [contentReachable, delivery, oldestPending, settings] = await Promise.all([
    isContentReachable(),
    deliveryHealth(),
    oldestPendingSeconds(),
    getSiteSettings().catch(() => null),
  ]);
  const ok = contentReachable;
  const missing = missingLegalFields(settings?.legalIdentity);
  return Response.json(
    {
      ok,
      content: { source: contentSource().kind, reachable: contentReachable },
      submissions: delivery.submissions,
      oldestPendingSeconds: oldestPending,
      ...(delivery.database ? { database: delivery.database } : {}),
      legalIdentity: { complete: missing.length === 0, missing },
    },
    { status: ok ? 200 : 503, headers: { "Cache-Control": PRIVATE_NO_STORE } },
  );
}
