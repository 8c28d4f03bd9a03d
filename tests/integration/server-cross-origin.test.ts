// Cross-site posts against the production server (docs/decisions/0014-cross-origin-protection.md): a form
// or a consent choice posted from another site gets a 403 (the Spanish page, or JSON to a fetch), stores
// nothing, sets no cookie and is counted; a post of the site's own is accepted, also when a proxy rewrote
// its Host; and no combination of Origin, Host and X-Forwarded-Host is ever answered with a 5xx.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { startDestinationServer } from "../support/destination-server";
import { dataDirText, VALID_CONTACT } from "../support/leads";
import { type ProductionServer, request, startServer } from "../support/production-server";

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const EVIL = "https://evil.example";
const contactBody = (email: string) => new URLSearchParams({ ...VALID_CONTACT, email }).toString();

describe("directly on the internet (TRUST_PROXY_HOPS=0)", () => {
  let server: ProductionServer;
  let destinations: Awaited<ReturnType<typeof startDestinationServer>>;
  beforeAll(async () => {
    destinations = await startDestinationServer();
    server = await startServer({ ...destinations.env, METRICS_TOKEN: "secreto" });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await destinations?.close();
  });

  const post = (pathname: string, headers: Record<string, string>, body: string) =>
    request(`${server.baseUrl}${pathname}`, { method: "POST", headers: { ...FORM, ...headers }, body });

  it.each([
    ["/contacto", { Origin: EVIL }],
    ["/?index", { Origin: EVIL, "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate" }],
    ["/iniciar-servicio", { "Sec-Fetch-Site": "same-site", Origin: "https://blog.127.0.0.1" }],
    ["/calculadora", { Origin: "null" }],
  ])(
    "refuses a no-JS post to %s from another site with the Spanish 403 page, storing nothing",
    async (path, headers) => {
      const email = `cross.${Math.random().toString(36).slice(2)}@empresa.es`;
      const response = await post(path, { Accept: "text/html", ...headers }, contactBody(email));
      expect(response.status).toBe(403);
      expect(response.headers["content-type"]).toMatch(/text\/html/);
      expect(response.headers["set-cookie"]).toBeUndefined();
      const html = response.body.toString("utf8");
      expect(html).toContain('<html lang="es">');
      expect(html).toContain("otro sitio web");
      expect(dataDirText(server.dataDir)).not.toContain(email);
    },
  );

  it("answers a fetch from another site with JSON", async () => {
    const response = await post(
      "/contacto?_data=routes%2Fcontacto",
      { Origin: EVIL, "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty" },
      contactBody("json.cross@empresa.es"),
    );
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body.toString("utf8"))).toEqual({ error: expect.stringContaining("otro sitio") });
  });

  it("refuses consent forged by another site: 403 and no cookie", async () => {
    for (const headers of [
      { Origin: EVIL },
      { "Sec-Fetch-Site": "cross-site" },
      { Origin: EVIL, Referer: `${EVIL}/` },
    ] as Record<string, string>[]) {
      const response = await post("/api/consent", headers, "decision=accept");
      expect(response.status).toBe(403);
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
  });

  it("counts the refusals as cross_site, by form", async () => {
    await post("/contacto", { Origin: EVIL }, contactBody("count.cross@empresa.es"));
    const metrics = await request(`${server.baseUrl}/metrics`, { headers: { Authorization: "Bearer secreto" } });
    const text = metrics.body.toString("utf8");
    const contact = /leads_refused_total\{form="contact",reason="cross_site"\} (\d+)/.exec(text);
    expect(Number(contact?.[1])).toBeGreaterThanOrEqual(1);
    expect(text).toMatch(/leads_refused_total\{form="unknown",reason="cross_site"\} [1-9]/);
  });

  it("accepts the site's own posts: no headers at all, its own Origin, Sec-Fetch-Site same-origin", async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ["plain.script@empresa.es", {}],
      ["own.origin@empresa.es", { Origin: server.baseUrl }],
      ["same.origin@empresa.es", { "Sec-Fetch-Site": "same-origin", Origin: server.baseUrl }],
      // A browser that sends `Origin: null` on a same-origin post (a privacy setting) is still the site's.
      ["null.origin@empresa.es", { "Sec-Fetch-Site": "same-origin", Origin: "null" }],
    ];
    for (const [email, headers] of cases) {
      const response = await post("/contacto?_data=routes%2Fcontacto", headers, contactBody(email));
      expect(response.status, email).toBe(200);
      await expect.poll(() => dataDirText(server.dataDir), { message: email }).toContain(email);
    }
    const consent = await post("/api/consent", { Origin: server.baseUrl }, "decision=accept");
    expect(consent.status).toBe(303);
    expect(consent.headers["set-cookie"]?.join(";")).toContain("cookie_consent=");
  });

  it("never believes a client's X-Forwarded-Host, and never answers 500 for it", async () => {
    // Remix's own check compared Origin with this header and threw: a blank 500.
    const spoofed = await post(
      "/contacto",
      { Origin: server.baseUrl, "X-Forwarded-Host": "evil.example", Accept: "text/html" },
      contactBody("spoofed.host@empresa.es"),
    );
    expect(spoofed.status).toBe(200);
    expect(dataDirText(server.dataDir)).toContain("spoofed.host@empresa.es");
    const forged = await post("/contacto", { Origin: EVIL, "X-Forwarded-Host": "evil.example" }, contactBody("x@y.es"));
    expect(forged.status).toBe(403);
  });

  it("answers odd Origin, Host and Sec-Fetch-Site values below 500", async () => {
    const odd: Record<string, string>[] = [
      { Origin: "not a url" },
      { Origin: "http://" },
      { Origin: "http://[::1" },
      { Origin: server.baseUrl, Host: "a b" },
      { Origin: "http://a b" },
      { Origin: "", "Sec-Fetch-Site": "" },
      { "Sec-Fetch-Site": "none", Origin: "javascript:alert(1)" },
      { Origin: server.baseUrl, Host: "evil.example" },
    ];
    for (const headers of odd) {
      for (const path of ["/contacto", "/api/consent", "/sectores", "/no-existe"]) {
        const response = await post(path, headers, "decision=accept");
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBeLessThan(500);
      }
    }
  });
});

describe("behind a proxy that rewrites Host (nginx's bare proxy_pass), TRUST_PROXY_HOPS=1", () => {
  const PUBLIC = "https://leads.example.es";
  let server: ProductionServer;
  let destinations: Awaited<ReturnType<typeof startDestinationServer>>;
  beforeAll(async () => {
    destinations = await startDestinationServer();
    server = await startServer({ ...destinations.env, PUBLIC_SITE_URL: PUBLIC, TRUST_PROXY_HOPS: "1" });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await destinations?.close();
  });

  // What such a proxy passes on: the browser's headers, Host as the upstream's address.
  const proxied = (pathname: string, headers: Record<string, string>, body: string) =>
    request(`${server.baseUrl}${pathname}`, {
      method: "POST",
      headers: { ...FORM, Host: "127.0.0.1", "X-Forwarded-For": "203.0.113.9", Accept: "text/html", ...headers },
      body,
    });

  it("accepts and delivers a no-JS lead whose Origin is PUBLIC_SITE_URL's", async () => {
    const email = "behind.nginx@empresa.es";
    const response = await proxied("/contacto", { Origin: PUBLIC, Referer: `${PUBLIC}/contacto` }, contactBody(email));
    expect(response.status).toBe(200);
    expect(dataDirText(server.dataDir)).toContain(email);
    await vi.waitFor(
      () => expect(destinations.received.some((item) => item.status === 200 && item.body.includes(email))).toBe(true),
      { timeout: 30_000 },
    );
  });

  it("sends a no-JS consent choice back to the page it came from", async () => {
    const response = await proxied(
      "/api/consent",
      { Origin: PUBLIC, Referer: `${PUBLIC}/mensual?x=1` },
      "decision=accept",
    );
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe("/mensual?x=1");
    expect(response.headers["set-cookie"]?.join(";")).toContain("cookie_consent=");
  });

  it("sends a consent choice from a current browser (Sec-Fetch-Site: same-origin) back to its page too", async () => {
    // The rule accepts it by Sec-Fetch-Site; the app compares the Referer with the host the browser used.
    const response = await proxied(
      "/api/consent",
      {
        Origin: PUBLIC,
        Referer: `${PUBLIC}/mensual?x=2`,
        "Sec-Fetch-Site": "same-origin",
        "Sec-Fetch-Mode": "navigate",
      },
      "decision=accept",
    );
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe("/mensual?x=2");
  });

  it("believes the X-Forwarded-Host of its own proxy, and only that hop", async () => {
    const own = await proxied(
      "/contacto",
      { Origin: "https://www.leads.example.es", "X-Forwarded-Host": "evil.example, www.leads.example.es" },
      contactBody("www.host@empresa.es"),
    );
    expect(own.status).toBe(200);
    const forged = await proxied(
      "/contacto",
      { Origin: EVIL, "X-Forwarded-Host": "evil.example, www.leads.example.es" },
      contactBody("forged.hop@empresa.es"),
    );
    expect(forged.status).toBe(403);
    expect(dataDirText(server.dataDir)).not.toContain("forged.hop@empresa.es");
  });

  it("still refuses another site's post", async () => {
    const response = await proxied("/api/consent", { Origin: EVIL }, "decision=accept");
    expect(response.status).toBe(403);
    expect(response.headers["set-cookie"]).toBeUndefined();
  });
});
