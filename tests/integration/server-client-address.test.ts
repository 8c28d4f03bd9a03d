// What only a proxy of our own may vouch for, through the production server: X-Forwarded-For (the form
// rate limit counts per visitor) and X-Forwarded-Proto are ignored unless TRUST_PROXY_HOPS says reverse
// proxies of our own stand in front (then only their hops count).
import { afterEach, describe, expect, it } from "vitest";

import { type ProductionServer, request, startServer } from "../support/production-server";

let server: ProductionServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const contactPost = (forwardedFor: string) =>
  request(`${server!.baseUrl}/?index`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-For": forwardedFor,
      Accept: "application/json",
    },
    // Missing required fields: validation answers 400 after the rate limit counted the post.
    body: new URLSearchParams({ nombre: "Ana" }).toString(),
  });

describe("rate limit per visitor behind the production server", () => {
  it("without TRUST_PROXY_HOPS a forged X-Forwarded-For does not buy new attempts", async () => {
    server = await startServer({ FORM_RATE_LIMIT: "1" });
    expect((await contactPost("198.51.100.1")).status).toBe(400);
    expect((await contactPost("198.51.100.2")).status).toBe(429);
  }, 60_000);

  it("with TRUST_PROXY_HOPS=1 visitors behind the same proxy are counted apart, and forging an earlier hop changes nothing", async () => {
    server = await startServer({ FORM_RATE_LIMIT: "1", TRUST_PROXY_HOPS: "1" });
    expect((await contactPost("203.0.113.7")).status).toBe(400);
    expect((await contactPost("203.0.113.8")).status).toBe(400);
    const again = await contactPost("1.2.3.4, 203.0.113.7");
    expect(again.status).toBe(429);
    expect(again.body.toString("utf8")).toContain("Demasiados envíos");
  }, 60_000);

  it("believes X-Forwarded-Proto only from a proxy of our own: HSTS and Secure cookies follow", async () => {
    server = await startServer();
    const forged = { "X-Forwarded-Proto": "https" };
    for (const path of ["/", "/", `/calculadora?presupuesto=${Date.now()}`]) {
      const response = await request(`${server.baseUrl}${path}`, { headers: forged });
      expect(response.headers["strict-transport-security"]).toBeUndefined();
    }
    const consent = await request(`${server.baseUrl}/api/consent`, {
      method: "POST",
      headers: { ...forged, "Content-Type": "application/x-www-form-urlencoded" },
      body: "decision=accept",
    });
    expect(consent.headers["set-cookie"]?.join(";")).not.toMatch(/Secure/);
    await server.stop();

    server = await startServer({ TRUST_PROXY_HOPS: "1" });
    const proxied = await request(`${server.baseUrl}/`, { headers: forged });
    expect(proxied.headers["strict-transport-security"]).toMatch(/max-age=/);
    const secureConsent = await request(`${server.baseUrl}/api/consent`, {
      method: "POST",
      headers: { ...forged, "Content-Type": "application/x-www-form-urlencoded" },
      body: "decision=accept",
    });
    expect(secureConsent.headers["set-cookie"]?.join(";")).toMatch(/Secure/);
  }, 60_000);
});
