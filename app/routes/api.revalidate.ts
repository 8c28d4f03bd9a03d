/**
 * Sanity GROQ-powered webhook: a valid, recent signature over the raw body drops every cached content
 * result (and so every cached page). No secret configured: the endpoint does not exist. At most 1 MiB of
 * body is read, before anything else; a signature older than 5 minutes is refused, and so is one already
 * accepted (a replay: remembered by this process, and by every instance through the database when
 * DATABASE_URL is set; app/lib/webhook-signature.server.ts).
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
  // A valid signature has a key; it is accepted once (a replay would drop every cache again).
  if (!(await accepted.firstUse(signatureKey(request.headers.get(SIGNATURE_HEADER_NAME))!))) {
    log("warn", "revalidate rejected: signature already used (a replay)");
    return Response.json({ error: "Invalid signature" }, { status: 401, headers });
  }
  contentSource().invalidate();
  log("info", "content revalidated");
  return Response.json({ revalidated: true }, { headers });
}

export function loader() {
  return Response.json({ error: "Not found" }, { status: 404, headers });
}
