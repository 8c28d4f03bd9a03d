// POST /api/revalidate against the production server: at most 1 MiB of body is read (413 above), and a
// correctly signed delivery is accepted once: replayed, at once or after 5 minutes, it gets 401.
import { createHmac } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ProductionServer, request, startServer } from "../support/production-server";
import { uploadUntilAnswered } from "../support/raw-upload";

const SECRET = "webhook-s3cret";
let server: ProductionServer;
beforeAll(async () => {
  server = await startServer({ SANITY_WEBHOOK_SECRET: SECRET });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const sign = (body: string, timestamp = Date.now()) =>
  `t=${timestamp},v1=${createHmac("sha256", SECRET).update(`${timestamp}.${body}`).digest("base64url")}`;
const webhook = (body: string, signature: string) =>
  request(`${server.baseUrl}/api/revalidate`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "sanity-webhook-signature": signature },
    body,
  });

describe("POST /api/revalidate on the production server", () => {
  it("accepts a fresh signed delivery", async () => {
    const body = JSON.stringify({ _id: "landingPage" });
    expect((await webhook(body, sign(body))).status).toBe(200);
  });

  it("accepts a signed delivery once: the same request again within its 5 minutes gets 401", async () => {
    const body = JSON.stringify({ _id: "sectorPage.textil", _type: "sectorPage" });
    const signature = sign(body);
    expect((await webhook(body, signature)).status).toBe(200);
    expect((await webhook(body, signature)).status).toBe(401);
  });

  it("refuses a signed delivery captured 10 minutes ago (a replay) with 401", async () => {
    const body = JSON.stringify({ _id: "landingPage" });
    const response = await webhook(body, sign(body, Date.now() - 10 * 60_000));
    expect(response.status).toBe(401);
  });

  it("answers a declared 16 MB body with 413 before reading it", async () => {
    const response = await request(`${server.baseUrl}/api/revalidate`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Content-Length": String(16 * 1024 * 1024) },
    }).catch((error: unknown) => ({ status: -1, error }));
    expect(response.status).toBe(413);
  });

  it("answers a 16 MB body streamed without a length with 413", async () => {
    // A raw client that stops sending once answered: it reads the status even if a write fails, so the
    // verdict is the server's answer, not how fast this host's client saw it (server/request-body.ts lingers).
    const outcome = await uploadUntilAnswered(
      {
        port: Number(new URL(server.baseUrl).port),
        path: "/api/revalidate",
        headers: { "Content-Type": "application/json", "sanity-webhook-signature": sign("{}") },
      },
      { megabytes: 16 },
    );
    expect(outcome.status).toBe(413);
    expect(outcome.head).toMatch(/^connection: close$/im);
  });

  it("still answers the next request after those", async () => {
    expect((await request(`${server.baseUrl}/healthz`)).status).toBe(200);
  });
});
