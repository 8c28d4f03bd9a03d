// Security headers of the production server on pages, assets, data and POST answers, and the
// Content-Security-Policy that allows each page's inline scripts by hash (no nonce, no 'unsafe-inline').
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { readDocuments, SEED_FILE, writeDocuments } from "../support/dataset";
import { type ProductionServer, type RawResponse, request, startServer } from "../support/production-server";

const PAGES = [
  "/",
  "/sectores/construccion",
  "/calculadora",
  "/mensual",
  "/iniciar-servicio",
  "/contacto",
  "/servicios/google-ads",
];

function directives(csp: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes, body]) => !/\bsrc=/.test(attributes) && body.length > 0)
    .map(([, , body]) => body);
}

function expectCommonSecurityHeaders(response: RawResponse) {
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(response.headers["permissions-policy"]).toMatch(/camera=\(\)/);
  expect(response.headers["permissions-policy"]).toMatch(/microphone=\(\)/);
  expect(response.headers["permissions-policy"]).toMatch(/geolocation=\(\)/);
  expect(response.headers["x-powered-by"]).toBeUndefined();
  const csp = directives(response.headers["content-security-policy"] as string);
  expect(csp.get("frame-ancestors")?.[0]).toMatch(/^'(self|none)'$/);
}

function datasetWith(settings: Record<string, unknown>): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "server-headers-")), "production.ndjson");
  const documents = readDocuments(SEED_FILE).map((document) =>
    document._id === "siteSettings" ? { ...document, ...settings } : document,
  );
  writeDocuments(file, documents);
  return file;
}

describe("with the seed settings (no tracking ids, no Studio)", () => {
  let server: ProductionServer;
  beforeAll(async () => {
    server = await startServer({
      CONTENT_DATASET_FILE: datasetWith({ tracking: {}, studioUrl: null }),
      // One TLS proxy of our own in front: its X-Forwarded-Proto counts.
      TRUST_PROXY_HOPS: "1",
    });
  }, 60_000);
  afterAll(() => server?.stop());

  it.each(PAGES)(
    "%s allows exactly its own inline scripts by sha256, with no nonce and no 'unsafe-inline'",
    async (page) => {
      for (const attempt of ["MISS or HIT", "HIT"]) {
        const response = await request(`${server.baseUrl}${page}`);
        expect(response.status, `${page} (${attempt})`).toBe(200);
        expectCommonSecurityHeaders(response);
        const html = response.body.toString("utf8");
        const csp = directives(response.headers["content-security-policy"] as string);
        const scriptSources = csp.get("script-src") ?? [];
        expect(scriptSources).toContain("'self'");
        expect(scriptSources).not.toContain("'unsafe-inline'");
        expect(scriptSources.some((source) => source.startsWith("'nonce-"))).toBe(false);
        expect(html).not.toMatch(/\snonce=/);
        const scripts = inlineScripts(html);
        expect(scripts.length).toBeGreaterThan(0);
        for (const script of scripts) {
          expect(scriptSources).toContain(`'sha256-${createHash("sha256").update(script).digest("base64")}'`);
        }
        expect(csp.get("object-src")).toEqual(["'none'"]);
        expect(csp.get("base-uri")).toEqual(["'self'"]);
        expect(csp.get("frame-ancestors")).toEqual(["'self'"]);
        expect(response.headers["content-security-policy"]).not.toMatch(/google|facebook|doubleclick/);
      }
    },
  );

  it("sends Strict-Transport-Security only behind https", async () => {
    const plain = await request(`${server.baseUrl}/`);
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    const proxied = await request(`${server.baseUrl}/`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(proxied.headers["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
    expectCommonSecurityHeaders(proxied);
  });

  it("puts the security headers on assets, data, resource routes, not-found pages and POST answers", async () => {
    const html = (await request(`${server.baseUrl}/`)).body.toString("utf8");
    const stylesheet = /\/build\/[^"']+\.css/.exec(html)?.[0];
    const script = /\/build\/[^"']+\.js/.exec(html)?.[0];
    const responses = {
      stylesheet: await request(`${server.baseUrl}${stylesheet}`),
      script: await request(`${server.baseUrl}${script}`),
      favicon: await request(`${server.baseUrl}/favicon.svg`),
      data: await request(`${server.baseUrl}/?_data=root`),
      sitemap: await request(`${server.baseUrl}/sitemap.xml`),
      health: await request(`${server.baseUrl}/healthz`),
      notFound: await request(`${server.baseUrl}/no-existe`),
      post: await request(`${server.baseUrl}/`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "nombre=",
      }),
      webhook: await request(`${server.baseUrl}/api/revalidate`, { method: "POST", body: "{}" }),
    };
    for (const [name, response] of Object.entries(responses)) {
      expect(response.status, name).toBeLessThan(500);
      expect(response.headers["content-security-policy"], name).toBeTruthy();
      expectCommonSecurityHeaders(response);
    }
    expect(responses.stylesheet.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(responses.script.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(responses.post.headers["x-cache"]).toBe("MISS");
    expect(responses.post.headers["cache-control"] ?? "").not.toMatch(/\bpublic\b/);
  });
});

describe("with tracking ids and a Studio configured", () => {
  let server: ProductionServer;
  beforeAll(async () => {
    server = await startServer({
      CONTENT_DATASET_FILE: datasetWith({
        tracking: { googleAdsId: "AW-123456789", googleAdsLeadLabel: "abcDEF", metaPixelId: "1234567890" },
        studioUrl: "https://estudio.leads.example.es/desk",
      }),
    });
  }, 60_000);
  afterAll(() => server?.stop());

  it("allows the Google and Meta hosts the tags need, and framing by the Studio origin only", async () => {
    const response = await request(`${server.baseUrl}/`);
    const csp = directives(response.headers["content-security-policy"] as string);
    expect(csp.get("script-src")).toEqual(
      expect.arrayContaining(["https://www.googletagmanager.com", "https://connect.facebook.net"]),
    );
    expect(csp.get("connect-src")).toEqual(
      expect.arrayContaining(["https://www.google-analytics.com", "https://www.facebook.com"]),
    );
    expect(csp.get("frame-ancestors")).toEqual(["'self'", "https://estudio.leads.example.es"]);
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
  });
});
