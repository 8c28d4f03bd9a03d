/** Operators' probe: is content reachable, how many submissions wait for delivery. */
import { contentSource, isContentReachable } from "~/content/index.server";
import { deliveryHealth } from "~/leads/health.server";
import { PRIVATE_NO_STORE } from "~/lib/http-cache";

export async function loader() {
  const [contentReachable, submissions] = await Promise.all([isContentReachable(), deliveryHealth()]);
  const ok = contentReachable;
  return Response.json(
    { ok, content: { source: contentSource().kind, reachable: contentReachable }, submissions },
    { status: ok ? 200 : 503, headers: { "Cache-Control": PRIVATE_NO_STORE } },
  );
}
