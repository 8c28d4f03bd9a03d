/**
 * Sanity GROQ-powered webhook: a valid, recent signature over the raw body runs again every published
 * query a cached page ran, and drops (here and at a shared cache) exactly the results and pages that
 * changed: the document named in the body (`_id`, `_type`) and whatever shows it
 * (docs/decisions/0015-tag-based-invalidation.md). No secret configured: the endpoint does not exist. At
 * most 1 MiB of body is read, before anything else; a signature older than 5 minutes is refused, and so is
 * one already accepted (a replay: remembered by this process, and by every instance through the database
 * when DATABASE_URL is set; app/lib/webhook-signature.server.ts).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { SIGNATURE_HEADER_NAME } from "@sanity/webhook";

import { contentSource } from "~/content/index.server";
import { sharedSignatureLedger } from "~/leads/backend.server";
import { readTextBody } from "~/leads/request-body.server";
import { sanityWebhookSecret } from "~/lib/env.server";
import { PRIVATE_NO_STORE } from "~/lib/http-cache";
import { log } from "~/lib/log.server";
import {
  AcceptedSignatures,
  checkWebhookSignature,
  SIGNATURE_REPLAY_WINDOW_MS,
  signatureKey,
} from "~/lib/webhook-signature.server";

const headers = { "Cache-Control": PRIVATE_NO_STORE };

const accepted = new AcceptedSignatures(() => sharedSignatureLedger(SIGNATURE_REPLAY_WINDOW_MS / 1000));

export async function action({ request }: ActionFunctionArgs) {
  const secret = sanityWebhookSecret();
  if (!secret) return Response.json({ error: "Not found" }, { status: 404, headers });
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405, headers });
  const body = await readTextBody(request);
  if (!body.ok) {
    log("warn", "revalidate rejected: unreadable body", { status: body.status });
    const error = body.status === 413 ? "Payload too large" : "Unreadable body";
    return Response.json({ error }, { status: body.status, headers });
  }
  const check = checkWebhookSignature(body.text, request.headers.get(SIGNATURE_HEADER_NAME), secret);
  if (check !== "valid") {
    log(
      "warn",
      `revalidate rejected: ${check === "expired" ? "signature too old or from the future" : "bad signature"}`,
    );
    return Response.json({ error: "Invalid signature" }, { status: 401, headers });
  }
  // A valid signature has a key; it is accepted once (a replay would run the refresh again).
  if (!(await accepted.firstUse(signatureKey(request.headers.get(SIGNATURE_HEADER_NAME))!))) {
    log("warn", "revalidate rejected: signature already used (a replay)");
    return Response.json({ error: "Invalid signature" }, { status: 401, headers });
  }
  await contentSource().refresh("revalidate webhook");
  log("info", "content revalidated", documentOf(body.text));
  return Response.json({ revalidated: true }, { headers });
}

/** The `_id` and `_type` the webhook names, for the log (a body without them still refreshes). */
function documentOf(text: string): { id?: string; type?: string } {
  try {
    const body = JSON.parse(text) as { _id?: unknown; _type?: unknown } | null;
    return {
      id: typeof body?._id === "string" ? body._id.slice(0, 200) : undefined,
      type: typeof body?._type === "string" ? body._type.slice(0, 100) : undefined,
    };
  } catch {
    return {};
  }
}

export function loader() {
  return Response.json({ error: "Not found" }, { status: 404, headers });
}
