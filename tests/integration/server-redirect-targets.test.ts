// Redirects whose target comes from input, through the production server: the preview-mode `redirect`
// parameter and the Referer a no-JS consent choice returns to stay on the site, and a strange value is a
// redirect to `/`, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ProductionServer, request, startServer } from "../support/production-server";

let server: ProductionServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe("/api/preview-mode/disable?redirect=", () => {
  it.each([
    "/%09/evil.example",
    "%0A",
    "/%0d%0aSet-Cookie:%20x=1",
    "//evil.example",
    "/%5Cevil.example",
    "%5C/evil.example",
    "https://evil.example",
    "%20//evil.example",
    "/%2F/evil.example",
  ])("sends redirect=%s to /", async (target) => {
    const response = await request(`${server.baseUrl}/api/preview-mode/disable?redirect=${target}`);
    expect(response.status).toBe(307);
    expect(response.headers.location).toBe("/");
  });

  it("keeps a plain path of the site", async () => {
    const response = await request(`${server.baseUrl}/api/preview-mode/disable?redirect=%2Fsectores%2Fconstruccion`);
    expect(response.headers.location).toBe("/sectores/construccion");
  });
});

describe("the page a no-JS consent choice returns to", () => {
  const choose = (referer: string) =>
    request(`${server.baseUrl}/api/consent`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Referer: referer },
      body: "decision=reject",
    });

  it("goes back to the page of the site that posted", async () => {
    const response = await choose(`${server.baseUrl}/contacto?x=1`);
    expect(response.status).toBe(303);
    expect(response.headers.location).toBe("/contacto?x=1");
  });

  it.each(["//evil.example/", "/\\evil.example/", "/%2F/evil.example", "//%5Cevil.example"])(
    "sends a Referer whose path is %s to /",
    async (path) => {
      const response = await choose(`${server.baseUrl}${path}`);
      expect(response.status).toBe(303);
      expect(response.headers.location).toBe("/");
    },
  );
});
