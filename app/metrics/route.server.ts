/**
 * `GET /metrics`: the Prometheus text format (app/metrics/metrics.server.ts) for a scraper holding
 * METRICS_TOKEN. Without the setting the path does not exist: the handler answers null and the server
 * gives it to Remix like any unknown path (its 404 page). With it, a request without
 * `Authorization: Bearer <token>`, or with another token, gets 401 and no metrics.
 *
 * Not a Remix route, like the preview-mode endpoints: answered live before the page cache
 * (server/remix-handler.ts, ownRoutes) and absent from the route manifest every page downloads.
 */
import { createHash, timingSafeEqual } from "node:crypto";

import { experimentsReport } from "~/experiments/serve.server";
import { leadStore } from "~/leads/backend.server";
import { metricsToken } from "~/lib/env.server";
import { PRIVATE_NO_STORE } from "~/lib/http-cache";
import { renderMetrics, setExperimentSrmSource, setLeadBacklogSource } from "~/metrics/metrics.server";

export const METRICS_PATH = "/metrics";

// The lead store's backlog feeds leads_pending and lead_oldest_pending_seconds at scrape time.
setLeadBacklogSource(async () => {
  const backlog = await leadStore().backlog();
  return {
    pending: { form_service: backlog.pending.formService, automation: backlog.pending.automationWebhook },
    oldestPendingSeconds: backlog.oldestPendingSeconds,
  };
});

// Each running experiment's sample-ratio check feeds experiment_srm_flagged (ended or paused ones drop out).
setExperimentSrmSource(async () =>
  (await experimentsReport())
    .filter((report) => report.status === "running")
    .map((report) => ({ experiment: report.key, flagged: report.srm.flagged })),
);

const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();

/** True when the header carries the token; compared in constant time over fixed-length digests. */
export function bearerMatches(authorization: string | null, token: string): boolean {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(authorization?.slice(0, 4096) ?? "");
  const offered = digest(match?.[1] ?? "");
  return timingSafeEqual(offered, digest(token)) && match !== null;
}

export async function metricsRoute({ request }: { request: Request }): Promise<Response | null> {
  const token = metricsToken();
  if (!token) return null;
  const headers = { "Cache-Control": PRIVATE_NO_STORE };
  if (!bearerMatches(request.headers.get("authorization"), token)) {
    return new Response("Unauthorized\n", {
      status: 401,
      headers: {
        ...headers,
        "Content-Type": "text/plain; charset=utf-8",
        "WWW-Authenticate": 'Bearer realm="metrics"',
      },
    });
  }
  const { contentType, body } = await renderMetrics();
  return new Response(request.method === "HEAD" ? null : body, {
    headers: { ...headers, "Content-Type": contentType },
  });
}
