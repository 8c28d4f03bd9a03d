// The production server under hostile requests: malformed headers and targets are refused or ignored,
// never a 500, and junk URLs can neither multiply cache entries nor push the site's own pages out.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ProductionServer, request, startServer } from "../support/production-server";

let server: ProductionServer;
beforeAll(async () => {
  // Tiny budget for pages that are not the site's own, so a handful of junk URLs fills it many times over.
  // Every refused post spends a unit of the form rate limit, and this file sends many: a budget they
  // cannot exhaust, so each refusal is seen for itself (the limit has tests of its own).
  server = await startServer({ PAGE_CACHE_MAX_VARIANTS: "3", FORM_RATE_LIMIT: "1000" });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

const get = (pathname: string, headers: Record<string, string> = {}) =>
  request(`${server.baseUrl}${pathname}`, { headers });

describe("malformed request headers", () => {
  it("answers a malformed Host on a path that is not cached yet without a 500", async () => {
    const response = await get(`/calculadora?presupuesto=${Date.now()}`, { Host: "a b" });
    expect(response.status).toBe(200);
    const post = await request(`${server.baseUrl}/api/consent`, {
      method: "POST",
      headers: { Host: "a b", "Content-Type": "application/x-www-form-urlencoded" },
      body: "decision=accept",
    });
    expect(post.status).toBe(303);
  });

  it("refuses a malformed path encoding with a 4xx", async () => {
    const response = await get("/sectores/%E0%A4%A");
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });
});

describe("posted bodies the forms refuse", () => {
  // Remix's Node adapter destroyed the request (and its socket) when an action stopped reading early,
  // so these refusals used to end in an empty reply instead of their 4xx.
  const post = (pathname: string, contentType: string, body: string, headers: Record<string, string> = {}) =>
    request(`${server.baseUrl}${pathname}`, {
      method: "POST",
      headers: { "Content-Type": contentType, ...headers },
      body,
    });

  it("answers a form route posted JSON or plain text with 415", async () => {
    expect((await post("/contacto", "application/json", '{"nombre":"Ana"}')).status).toBe(415);
    expect((await post("/api/consent", "text/plain", "decision=accept")).status).toBe(415);
  });

  it("answers a body that turns out over 1 MiB while streaming with 413 and the Spanish message", async () => {
    const response = await post("/contacto", "application/x-www-form-urlencoded", `mensaje=${"a".repeat(2_000_000)}`, {
      "Transfer-Encoding": "chunked",
    });
    expect(response.status).toBe(413);
    expect(response.headers.connection).toBe("close");
    expect(response.body.toString("utf8")).toContain("El envío supera el tamaño máximo de 1 MB");
  });

  it("answers a large POST to a page without a form with 405, and the next one on the same connection too", async () => {
    // fetch keeps the connection alive between the two.
    const send = () =>
      fetch(`${server.baseUrl}/sectores`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: `a=${"x".repeat(200_000)}`,
      });
    const first = await send();
    await first.arrayBuffer();
    expect(first.status).toBe(405);
    expect((await send()).status).toBe(405);
  });

  it.each(["/", "/contacto", "/calculadora", "/mensual", "/iniciar-servicio", "/api/consent", "/sectores"])(
    "%s answers every odd body with a status below 500, never a dropped connection",
    async (pathname) => {
      const bodies: Array<[string, string]> = [
        ["application/json", '{"nombre":'],
        ["text/plain", "\u0000\u0001"],
        ["multipart/form-data", "sin límite"],
        ["multipart/form-data; boundary=zz", "--zz\r\nContent-Disposition: form-data\r\n\r\nx\r\n--zz"],
        ["application/x-www-form-urlencoded", "nombre=%E0%A4%A&email=%"],
        ["application/x-www-form-urlencoded; charset=utf-16", "\u00ff\u00fe"],
      ];
      for (const [contentType, body] of bodies) {
        const response = await post(pathname, contentType, body);
        expect(response.status, `${contentType}: ${body}`).toBeGreaterThanOrEqual(200);
        expect(response.status, `${contentType}: ${body}`).toBeLessThan(500);
      }
    },
  );

  it("still serves the next request after a refusal", async () => {
    expect((await post("/contacto", "application/json", "{}")).status).toBe(415);
    expect((await get("/contacto")).status).toBe(200);
  });
});

describe("junk URLs and the page cache", () => {
  it("gives every junk query string of a page that page's one entry", async () => {
    expect((await get("/sectores/construccion?x=0")).status).toBe(200);
    for (let i = 1; i <= 100; i += 1) {
      const response = await get(`/sectores/construccion?x=${i}&utm_source=${i}`);
      expect(response.headers["x-cache"]).toBe("HIT");
    }
  }, 30_000);

  it("keeps the home page cached while parameterised and letter-case variants churn their own budget", async () => {
    await get("/");
    expect((await get("/")).headers["x-cache"]).toBe("HIT");
    for (let i = 0; i < 10; i += 1) {
      expect((await get(`/calculadora?presupuesto=${i}`)).status).toBe(200);
      // Another spelling of a page is sent to it (server/canonical-path.ts): nothing rendered, nothing stored.
      expect((await get("/sectores/")).status).toBe(301);
      expect((await get(i % 2 ? "/SECTORES" : "/Sectores/")).status).toBe(301);
    }
    expect((await get("/")).headers["x-cache"]).toBe("HIT");
    // The variant budget holds 3: the oldest prefill was evicted, the newest is still there.
    expect((await get("/calculadora?presupuesto=0")).headers["x-cache"]).toBe("MISS");
    expect((await get("/calculadora?presupuesto=9")).headers["x-cache"]).toBe("HIT");
  }, 60_000);
});
