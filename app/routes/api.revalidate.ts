/**
 * Sanity GROQ-powered webhook: a valid signature over the raw body drops every cached content result
 * (and so every cached page). No secret configured: the endpoint does not exist.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { isValidSignature, SIGNATURE_HEADER_NAME } from "@sanity/webhook";

import { contentSource } from "~/content/index.server";
import { sanityWebhookSecret } from "~/lib/env.server";
import { PRIVATE_NO_STORE } from "~/lib/http-cache";
import { log } from "~/lib/log.server";

const headers = { "Cache-Control": PRIVATE_NO_STORE };

export async function action({ request }: ActionFunctionArgs) {
  const secret = sanityWebhookSecret();
  if (!secret) return Response.json({ error: "Not found" }, { status: 404, headers });
  if (request.method !== "POST") return Response.json({ error: "Method not allowed" }, { status: 405, headers });
  const body = await request.text();
  const signature = request.headers.get(SIGNATURE_HEADER_NAME) ?? "";
  // A malformed signature header is a bad signature, never an error.
  const valid = signature ? await isValidSignature(body, signature, secret).catch(() => false) : false;
  if (!valid) {
    log("warn", "revalidate rejected: bad signature");
    return Response.json({ error: "Invalid signature" }, { status: 401, headers });
  }
  contentSource().invalidate();
  log("info", "content revalidated");
  return Response.json({ revalidated: true }, { headers });
}

export function loader() {
  return Response.json({ error: "Not found" }, { status: 404, headers });
}
