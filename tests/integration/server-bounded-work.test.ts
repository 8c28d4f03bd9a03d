// Bounded work per request on the production server: other spellings of a public file's path, other
// spellings of a page's path (letter case, slashes, dot segments, escapes) and image renditions the site's pages never ask for start no new compression
// or rendering (counted in /metrics), and none of them is answered with a 5xx.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type ProductionServer, request, startServer } from "../support/production-server";

const TOKEN = "bounded-work-token";
const CHROME_ACCEPT = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";

let server: ProductionServer;
beforeAll(async () => {
  server = await startServer({
    METRICS_TOKEN: TOKEN,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), "bounded-work-")),
  });
}, 60_000);
afterAll(() => server?.stop());

const get = (pathAndQuery: string, headers: Record<string, string> = {}) =>
  request(`${server.baseUrl}${pathAndQuery}`, { headers });

/** A GET of a target exactly as written. */
const getRaw = (target: string, headers: Record<string, string> = {}) =>
  request({ port: server.port, path: target }, { headers });

async function metric(name: string): Promise<number> {
  const response = await get("/metrics", { Authorization: `Bearer ${TOKEN}` });
  const line = response.body
    .toString("utf8")
    .split("\n")
    .find((candidate) => candidate.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}

/** The largest file the build wrote under public/build (what an attacker would pick). */
function largestBuildFile(): string {
  const root = path.resolve("public");
  const files: Array<{ file: string; size: number }> = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(".js")) files.push({ file: full, size: fs.statSync(full).size });
    }
  };
  walk(path.join(root, "build"));
  files.sort((a, b) => b.size - a.size);
  return `/${path.relative(root, files[0]!.file).split(path.sep).join("/")}`;
}

describe("public files", () => {
  it("compresses a file once: no other spelling of its path costs a compression or an entry", async () => {
    const own = largestBuildFile();
    const first = await get(own, { "Accept-Encoding": "br" });
    expect(first.status).toBe(200);
    expect(first.headers["content-encoding"]).toBe("br");
    const before = await metric("static_file_compressions_total");
    expect(before).toBeGreaterThan(0);

    const name = own.slice(own.lastIndexOf("/") + 1);
    const dir = own.slice(0, own.lastIndexOf("/"));
    const aliases: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      aliases.push(`${dir}/x${i}/%2e%2e/${name}`);
      aliases.push(`${dir}/x${i}/../${name}`);
      aliases.push(`${dir}${"/".repeat(i + 2)}${name}`);
      aliases.push(`${dir}/${name}?v=${i}`);
      aliases.push(`${dir}%2F${"%2f".repeat(i)}${name}`);
    }
    aliases.push(
      `/${own}`,
      `${dir}/./${name}`,
      `${dir}/${name.replace("-", "%2D")}`,
      own.replace("/build/", "/build/%2e/"),
    );
    expect(aliases.length).toBeGreaterThanOrEqual(30);
    for (const alias of aliases) {
      const response = await getRaw(alias, { "Accept-Encoding": "br" });
      expect(response.status, alias).toBeLessThan(500);
      // The file's own entry (a query string is ignored) or not a file at all.
      if (response.status === 200) expect(response.body.equals(first.body), alias).toBe(true);
      else expect([301, 404], alias).toContain(response.status);
    }
    expect(await metric("static_file_compressions_total")).toBe(before);
  }, 60_000);
});

describe("letter case of page paths", () => {
  it("sends every other letter case of a page to its lower-case path, query kept", async () => {
    for (const spelling of [
      "/SECTORES",
      "/Sectores",
      "/sectores/CONSTRUCCION",
      "/Calculadora?sector=Log%C3%ADstica&x=1",
    ]) {
      const response = await get(spelling);
      expect(response.status, spelling).toBe(301);
      const queryAt = spelling.indexOf("?");
      const expected =
        queryAt === -1
          ? spelling.toLowerCase()
          : `${spelling.slice(0, queryAt).toLowerCase()}${spelling.slice(queryAt)}`;
      expect(response.headers.location).toBe(expected);
    }
    expect((await get("/sectores/construccion")).status).toBe(200);
  });

  it("shares one rendering: twenty spellings of a page add no cache entry", async () => {
    await get("/sectores/consultoria");
    const misses = await metric('page_cache_requests_total{result="miss"}');
    for (let i = 0; i < 20; i += 1) {
      const spelling = [..."/sectores/consultoria"].map((char, at) =>
        (i >> (at % 5)) & 1 ? char.toUpperCase() : char,
      );
      expect((await get(spelling.join(""))).status).toBeLessThan(400);
    }
    expect(await metric('page_cache_requests_total{result="miss"}')).toBe(misses);
  });

  it("never redirects off the site, and leaves posts alone", async () => {
    for (const target of ["//Evil.example/X", "/\\Evil.example/X", "/%2F%2FEvil.example/X"]) {
      const response = await getRaw(target);
      expect(response.status, target).toBeLessThan(500);
      expect(String(response.headers.location ?? ""), target).not.toMatch(/^(\/\/|\/\\|[a-z]+:)/i);
    }
    const post = await request(`${server.baseUrl}/CONTACTO`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "nombre=Ana",
    });
    expect(post.status).not.toBe(301);
    expect(post.status).toBeLessThan(500);
  });
});

describe("other spellings of page paths", () => {
  it("sends slashes, dot segments and encoded letters to the page's own path, query kept, with no rendering", async () => {
    expect((await get("/sectores")).status).toBe(200);
    expect((await get("/contacto")).status).toBe(200);
    const misses = await metric('page_cache_requests_total{result="miss"}');
    const spellings: Array<[string, string]> = [
      ["/sectores//", "/sectores"],
      ["/sectores///", "/sectores"],
      ["/sectores/", "/sectores"],
      ["//sectores", "/sectores"],
      ["/x1/../sectores", "/sectores"],
      ["/x1/%2e%2e/sectores", "/sectores"],
      ["/./sectores/.", "/sectores"],
      ["/%53ectores", "/sectores"],
      ["/%73ectores", "/sectores"],
      ["/sector%65s/", "/sectores"],
      ["/sectores//?utm_source=x&q=Log%C3%ADstica", "/sectores?utm_source=x&q=Log%C3%ADstica"],
      ["/contact%6F", "/contacto"],
      ["/contacto%2F", ""],
      ["/sectores/construcci%6Fn//", "/sectores/construccion"],
      ["/sectores/logistica%2Dtransporte", "/sectores/logistica-transporte"],
    ];
    for (const [spelling, location] of spellings) {
      const response = await getRaw(spelling, { "Accept-Encoding": "br" });
      if (!location) {
        // An encoded slash names no page: the site's 404, not a rendering.
        expect(response.status, spelling).toBe(404);
        continue;
      }
      expect(response.status, spelling).toBe(301);
      expect(response.headers.location, spelling).toBe(location);
    }
    for (let i = 0; i < 12; i += 1) {
      expect((await getRaw(`/sectores${"/".repeat(i + 2)}`)).status).toBe(301);
      expect((await getRaw(`/x${i}/../sectores`)).status).toBe(301);
    }
    expect(await metric('page_cache_requests_total{result="miss"}')).toBe(misses);
  });

  it("sends spellings that leave /api/, /images/, /social/ or /build/ by their dot segments to the page, never rendering them", async () => {
    expect((await get("/sectores")).status).toBe(200);
    expect((await get("/contacto")).status).toBe(200);
    const misses = await metric('page_cache_requests_total{result="miss"}');
    const spellings: Array<[string, string]> = [
      ["/api/x/../../contacto", "/contacto"],
      ["/API/../contacto", "/contacto"],
      ["/Api/x/%2e%2e/%2E%2E/sectores", "/sectores"],
      ["/images/1/../../sectores", "/sectores"],
      ["/IMAGES/../contacto?utm_source=x", "/contacto?utm_source=x"],
      ["//api/..//sectores", "/sectores"],
      ["/social/a/b/../../../sectores/", "/sectores"],
      ["/SOCIAL/%2e%2e/contacto", "/contacto"],
      ["/BUILD/../sectores", "/sectores"],
      ["//build/../sectores", "/sectores"],
    ];
    for (const [spelling, location] of spellings) {
      const response = await getRaw(spelling, { "Accept-Encoding": "br" });
      expect(response.status, spelling).toBe(301);
      expect(response.headers.location, spelling).toBe(location);
    }
    // A target that starts with /build/ is a build file's or nothing: the 404, unrendered.
    for (const spelling of ["/build/../sectores", "/build/x/%2e%2e/../contacto"]) {
      const response = await getRaw(spelling, { "Accept-Encoding": "br" });
      expect(response.status, spelling).toBe(404);
      expect(response.headers["cache-control"], spelling).toBe("private, no-store");
    }
    expect(await metric('page_cache_requests_total{result="miss"}')).toBe(misses);
  });

  it("answers paths no page can have with a 4xx, never a 5xx and never a redirect off the site", async () => {
    for (const target of [
      "/sectores%2Fconstruccion",
      "/%2F%2Fevil.example/x",
      "/%5Cevil.example",
      "/sectores%00",
      "/sectores%0D%0ASet-Cookie:%20x=1",
      "/sectores%",
      "/sectores%zz",
      "/sectores%FF",
      "/sectores%C3%28",
    ]) {
      const response = await getRaw(target);
      expect(response.status, target).toBeGreaterThanOrEqual(400);
      expect(response.status, target).toBeLessThan(500);
      expect(response.headers.location, target).toBeUndefined();
      expect(response.headers["set-cookie"], target).toBeUndefined();
    }
    const page = await getRaw("/sectores%2Fconstruccion");
    expect(page.body.toString("utf8")).toContain("Oops! Page not found");
    expect(page.body.toString("utf8")).toContain('href="/"');
  });
});

describe("image renditions", () => {
  async function imageUrlsOfPages(): Promise<string[]> {
    const sitemap = (await get("/sitemap.xml")).body.toString("utf8");
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    const urls = new Set<string>();
    for (const page of pages) {
      const html = (await get(page)).body.toString("utf8").replace(/&amp;/g, "&");
      for (const match of html.matchAll(/\/images\/local\/[^\s"',]+/g)) urls.add(match[0]);
    }
    return [...urls];
  }

  it("renders every rendition the site's own pages ask for", async () => {
    const urls = await imageUrlsOfPages();
    expect(urls.length).toBeGreaterThan(5);
    for (const url of urls) {
      for (const accept of [CHROME_ACCEPT, "*/*"]) {
        const response = await get(url, { Accept: accept });
        expect(response.status, `${url} (${accept})`).toBe(200);
      }
    }
  }, 120_000);

  it("refuses renditions no page asks for, before any rendering", async () => {
    const image = (await imageUrlsOfPages())[0]!.split("?")[0]!;
    const before = await metric("image_renders_total");
    const odd: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      odd.push(`w=1920&h=${2000 + i}&q=41&fm=avif`);
      odd.push(`w=640&q=${50 + i}&auto=format`);
      odd.push(`w=320&h=${100 + i}&fit=crop&auto=format`);
    }
    odd.push("w=400&fm=jpg", "w=400&fit=max&q=75", "rect=0,0,100,100&w=80&q=75&auto=format", "w=400&h=800&fit=scale");
    for (const query of odd) {
      const response = await get(`${image}?${query}`, { Accept: CHROME_ACCEPT });
      expect(response.status, query).toBeGreaterThanOrEqual(400);
      expect(response.status, query).toBeLessThan(500);
    }
    expect(await metric("image_renders_total")).toBe(before);
  });
});
