// POST /api/revalidate accepts a signed delivery once: the same request sent again within its 5 minutes
// (a replay) gets 401 and refreshes nothing; with DATABASE_URL, a replay to another instance is refused too.
import { createHmac } from "node:crypto";

import { inject } from "vitest";

import { contentSource } from "~/content/index.server";
import { resetFormRateLimiter, sharedSignatureLedger } from "~/leads/backend.server";
import { closeSharedDatabase } from "~/leads/database.server";
import { AcceptedSignatures, SIGNATURE_REPLAY_WINDOW_MS } from "~/lib/webhook-signature.server";
import { action as revalidateAction } from "~/routes/api.revalidate";

import { createDatabase } from "../support/postgres";
import { callAction } from "../support/routes";

const postgresUrl = inject("postgresUrl");
const SECRET = "s3cret-replay";
const sign = (payload: string, timestamp = Date.now()) =>
  `t=${timestamp},v1=${createHmac("sha256", SECRET).update(`${timestamp}.${payload}`).digest("base64url")}`;
const post = (body: string, signature: string) =>
  callAction(revalidateAction, "/api/revalidate", {
    method: "POST",
    body,
    headers: { "Content-Type": "application/json", "sanity-webhook-signature": signature },
  }) as Promise<Response>;

beforeEach(() => {
  process.env.SANITY_WEBHOOK_SECRET = SECRET;
});
afterEach(() => {
  delete process.env.SANITY_WEBHOOK_SECRET;
  vi.restoreAllMocks();
});

describe("a signed revalidate delivery is accepted once", () => {
  it("the same signed request twice: 200, then 401 and no second refresh", async () => {
    const refresh = vi.spyOn(contentSource(), "refresh");
    const body = JSON.stringify({ _id: "landingPage", _type: "landingPage", rev: "a" });
    const signature = sign(body);
    expect((await post(body, signature)).status).toBe(200);
    const replay = await post(body, signature);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ error: "Invalid signature" });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("another spelling of the same signature (its unused last bits changed) is the same signature", async () => {
    const refresh = vi.spyOn(contentSource(), "refresh");
    const body = JSON.stringify({ _id: "landingPage", rev: "b" });
    const signature = sign(body);
    expect((await post(body, signature)).status).toBe(200);
    // 32 bytes in base64url: 43 characters, the last carrying 2 unused bits.
    const last = signature.at(-1)!;
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const respelled = signature.slice(0, -1) + alphabet[alphabet.indexOf(last) ^ 1];
    expect(respelled).not.toBe(signature);
    expect((await post(body, respelled)).status).toBe(401);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it("a new delivery (a new timestamp or another body) is accepted", async () => {
    const body = JSON.stringify({ _id: "landingPage", rev: "c" });
    const now = Date.now();
    expect((await post(body, sign(body, now))).status).toBe(200);
    expect((await post(body, sign(body, now - 1))).status).toBe(200);
    expect((await post(`${body} `, sign(`${body} `, now))).status).toBe(200);
  });
});

describe("the memory of accepted signatures", () => {
  it("is bounded: past its size the oldest is forgotten", async () => {
    const memory = new AcceptedSignatures(() => null, 2);
    expect(await memory.firstUse("a")).toBe(true);
    expect(await memory.firstUse("b")).toBe(true);
    expect(await memory.firstUse("a")).toBe(false);
    expect(await memory.firstUse("c")).toBe(true);
    expect(await memory.firstUse("c")).toBe(false);
    // "a", the oldest, made room for "c".
    expect(await memory.firstUse("a")).toBe(true);
  });
});

describe.skipIf(!postgresUrl)("with DATABASE_URL (several instances)", () => {
  afterAll(async () => {
    delete process.env.DATABASE_URL;
    resetFormRateLimiter();
    await closeSharedDatabase();
  });

  it("a signature one instance accepted is refused by another, whose own memory never saw it", async () => {
    process.env.DATABASE_URL = await createDatabase(postgresUrl!);
    resetFormRateLimiter();
    const ledger = () => sharedSignatureLedger(SIGNATURE_REPLAY_WINDOW_MS / 1000);
    const first = new AcceptedSignatures(ledger);
    const second = new AcceptedSignatures(ledger);
    expect(await first.firstUse("signature-1")).toBe(true);
    expect(await second.firstUse("signature-1")).toBe(false);
    expect(await second.firstUse("signature-2")).toBe(true);
    expect(await first.firstUse("signature-2")).toBe(false);
  });
});
