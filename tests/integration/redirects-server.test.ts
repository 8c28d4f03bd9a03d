// Editors' redirects through the production server: the page cache drops campaign parameters from
// the pages it shares, yet a redirect keeps them; Remix data requests get Remix's own redirect.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { readDocuments, SEED_FILE, writeDocuments } from "../support/dataset";
import { type ProductionServer, request, startServer } from "../support/production-server";

let server: ProductionServer;

beforeAll(async () => {
  const datasetFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "redirects-server-")), "production.ndjson");
  writeDocuments(datasetFile, [
    ...readDocuments(SEED_FILE),
    {
      _id: "redirect.campana",
      _type: "redirect",
      source: "/oferta-2024",
      destination: "/mensual",
      permanent: false,
      enabled: true,
    },
    {
      _id: "redirect.renombrado",
      _type: "redirect",
      source: "/sectores/reformas",
      destination: "/sectores/construccion",
      permanent: true,
      enabled: true,
    },
  ]);
  server = await startServer({ CONTENT_DATASET_FILE: datasetFile });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

describe("redirects through the production server", () => {
  it("keep utm_* and gclid, on the splat route and on an old sector address, on repeated requests too", async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const temporary = await request(`${server.baseUrl}/oferta-2024?utm_source=google&gclid=abc`);
      expect(temporary.status).toBe(302);
      expect(temporary.headers.location).toBe("/mensual?utm_source=google&gclid=abc");
      const permanent = await request(`${server.baseUrl}/sectores/reformas?utm_campaign=obra&gclid=xyz`);
      expect(permanent.status).toBe(301);
      expect(permanent.headers.location).toBe("/sectores/construccion?utm_campaign=obra&gclid=xyz");
    }
  });

  it("answers a Remix data request with Remix's redirect, not a 404", async () => {
    const response = await request(`${server.baseUrl}/oferta-2024?utm_source=google&_data=routes%2F%24`);
    expect(response.status).toBe(204);
    expect(response.headers["x-remix-redirect"]).toBe("/mensual?utm_source=google");
    expect(response.headers["x-remix-status"]).toBe("302");
  });

  it("leaves an unknown path a 404", async () => {
    expect((await request(`${server.baseUrl}/no-existe?utm_source=google`)).status).toBe(404);
  });
});
