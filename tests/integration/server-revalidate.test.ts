// POST /api/revalidate against the production server: at most 1 MiB of body is read (413 above), and a
// correctly signed delivery is accepted once: replayed, at once or after 5 minutes, it gets 401.
import { createHmac } from "node:crypto";
import http from "node:http";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ProductionServer, request, startServer } from "../support/production-server";

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

/**
 * Streams `megabytes` MiB (chunked, no Content-Length) and resolves with the answer's status. The server
 * answers and closes while the upload is still under way, so the client's write may fail (EPIPE) around
 * the answer: the status counts, the write error does not.
 */
function streamBody(megabytes: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let failure: unknown = null;
    let answered = false;
    const outgoing = http.request(
      `${server.baseUrl}/api/revalidate`,
      {
        method: "POST",
        agent: false,
        headers: { "Content-Type": "application/json", "sanity-webhook-signature": sign("{}") },
      },
      (response) => {
        answered = true;
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    outgoing.on("error", (error) => (failure = error));
    outgoing.on("close", () => {
      if (!answered) reject(failure ?? new Error("closed without an answer"));
    });
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    let sent = 0;
    const write = () => {
      while (sent < megabytes && !answered && !failure) {
        sent += 1;
        if (!outgoing.write(chunk)) return void outgoing.once("drain", write);
      }
      outgoing.end();
    };
    write();
  });
}

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
    expect(await streamBody(16)).toBe(413);
  });

  it("still answers the next request after those", async () => {
    expect((await request(`${server.baseUrl}/healthz`)).status).toBe(200);
  });
});
