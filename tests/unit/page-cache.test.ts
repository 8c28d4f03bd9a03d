import zlib from "node:zlib";

import { describe, expect, it } from "vitest";

import { pageCacheKey } from "../../server/cache-key";
import {
  createCachedResponse,
  isCacheableResponse,
  matchesIfNoneMatch,
  negotiateEncoding,
} from "../../server/cached-response";
import { isOwnPage, PageCache, pageCacheBounds } from "../../server/page-cache";

const req = (url: string, headers: Record<string, string> = {}, method = "GET") => ({ method, url, headers });

describe("pageCacheKey", () => {
  it("keys GET and HEAD by path and query", () => {
    expect(pageCacheKey(req("/sectores/construccion"))).toBe("/sectores/construccion");
    expect(pageCacheKey(req("/calculadora?sector=Consultor%C3%ADa&presupuesto=2000", {}, "HEAD"))).toBe(
      "/calculadora?sector=Consultor%C3%ADa&presupuesto=2000",
    );
  });

  it("drops ad-click and campaign parameters so every ad visitor shares one entry", () => {
    expect(pageCacheKey(req("/?utm_source=google&utm_medium=cpc&gclid=abc&fbclid=x"))).toBe("/");
    expect(pageCacheKey(req("/calculadora?gclid=abc&sector=Ecommerce"))).toBe("/calculadora?sector=Ecommerce");
  });

  it("keeps only the parameters the route reads, in a fixed order: junk shares the page's entry", () => {
    expect(pageCacheKey(req("/sectores/construccion?x=1"))).toBe("/sectores/construccion");
    expect(pageCacheKey(req("/?vista=2&a=%"))).toBe("/");
    expect(pageCacheKey(req("/calculadora?presupuesto=2000&x=1&sector=Ecommerce&sector=Otro"))).toBe(
      "/calculadora?sector=Ecommerce&presupuesto=2000",
    );
    expect(pageCacheKey(req(`/calculadora?presupuesto=${"9".repeat(500)}`))).toBe(
      `/calculadora?presupuesto=${"9".repeat(100)}`,
    );
  });

  it("never keys a request target that is not a path", () => {
    expect(pageCacheKey(req("http://evil.example/"))).toBeNull();
    expect(pageCacheKey(req("*"))).toBeNull();
  });

  it("refuses forms, credentials, personalising cookies, previews and Remix data requests", () => {
    expect(pageCacheKey(req("/", {}, "POST"))).toBeNull();
    expect(pageCacheKey(req("/", { authorization: "Bearer x" }))).toBeNull();
    expect(pageCacheKey(req("/", { cookie: "__session=1" }))).toBeNull();
    expect(pageCacheKey(req("/?preview=true"))).toBeNull();
    expect(pageCacheKey(req("/sectores/x?_data=routes%2Fsectores.%24slug"))).toBeNull();
  });

  it("ignores the consent cookie and the analytics cookies set after consent", () => {
    expect(
      pageCacheKey(
        req("/", {
          cookie: "cookie_consent=v1.a1.d0; origen_visita=%7B%7D; _ga=GA1.1.2; _ga_ABC=GS1; _gcl_au=1.1; _fbp=fb.1",
        }),
      ),
    ).toBe("/");
  });
});

describe("isCacheableResponse", () => {
  const response = (status: number, headers: Record<string, string>) => new Response(null, { status, headers });
  const publicPage = { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, max-age=0, s-maxage=300" };

  it("accepts a 200 public page or xml/text resource", () => {
    expect(isCacheableResponse(response(200, publicPage))).toBe(true);
    expect(isCacheableResponse(response(200, { ...publicPage, "Content-Type": "application/xml" }))).toBe(true);
    expect(isCacheableResponse(response(200, { ...publicPage, Vary: "Accept-Encoding" }))).toBe(true);
  });

  it("refuses errors, private answers, cookies, JSON and responses that vary on anything but encoding", () => {
    expect(isCacheableResponse(response(404, publicPage))).toBe(false);
    expect(isCacheableResponse(response(200, { ...publicPage, "Cache-Control": "private, no-store" }))).toBe(false);
    expect(isCacheableResponse(response(200, { ...publicPage, "Cache-Control": "max-age=60" }))).toBe(false);
    expect(isCacheableResponse(response(200, { ...publicPage, "Set-Cookie": "a=1" }))).toBe(false);
    expect(isCacheableResponse(response(200, { ...publicPage, "Content-Type": "application/json" }))).toBe(false);
    expect(isCacheableResponse(response(200, { ...publicPage, Vary: "Cookie" }))).toBe(false);
  });
});

describe("negotiateEncoding", () => {
  it("prefers brotli, then gzip, and respects q=0", () => {
    expect(negotiateEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(negotiateEncoding("gzip, deflate")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip;q=0.5")).toBe("gzip");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("identity")).toBe("identity");
    expect(negotiateEncoding(undefined)).toBe("identity");
  });
});

describe("createCachedResponse", () => {
  it("keeps the representation headers, drops transfer headers and precompresses text", async () => {
    const body = Buffer.from("<!DOCTYPE html>" + "<p>Captación de leads</p>".repeat(200));
    const entry = await createCachedResponse(
      200,
      [
        ["Content-Type", "text/html; charset=utf-8"],
        ["Cache-Control", "public, s-maxage=300"],
        ["Content-Length", "1"],
        ["Set-Cookie", "a=1"],
      ],
      body,
    );
    expect(entry.headers).toEqual({
      "content-type": "text/html; charset=utf-8",
      "cache-control": "public, s-maxage=300",
    });
    expect(zlib.brotliDecompressSync(entry.bodies.br).equals(body)).toBe(true);
    expect(zlib.gunzipSync(entry.bodies.gzip).equals(body)).toBe(true);
    expect(entry.bodies.br.length).toBeLessThan(body.length / 10);
    expect(matchesIfNoneMatch(entry, `"${entry.etag}-br"`)).toBe(true);
    expect(matchesIfNoneMatch(entry, `W/"${entry.etag}"`)).toBe(true);
    expect(matchesIfNoneMatch(entry, `"otro", "${entry.etag}-gz"`)).toBe(true);
    expect(matchesIfNoneMatch(entry, `"otro"`)).toBe(false);
  });
});

describe("PageCache", () => {
  const entry = () => createCachedResponse(200, [["Content-Type", "text/html"]], Buffer.from("<p>hola</p>"));
  /** A rendered page whose canonical link names `path`, about `bytes` long. */
  const page = (path: string, bytes = 2000) =>
    createCachedResponse(
      200,
      [["Content-Type", "text/html; charset=utf-8"]],
      Buffer.from(
        `<!DOCTYPE html><html><head><link rel="canonical" href="https://leads.example.es${path}"/></head>` +
          `<body>${"x".repeat(bytes)}</body></html>`,
      ),
      { brotliQuality: 1 },
    );

  it("tells the site's own pages (canonical = requested path) from variants of them", async () => {
    const home = await page("/");
    expect(isOwnPage("/", home)).toBe(true);
    expect(isOwnPage("/SECTORES", await page("/sectores"))).toBe(false);
    expect(isOwnPage("/sectores/", await page("/sectores"))).toBe(false);
    expect(isOwnPage("/calculadora?sector=Ecommerce", await page("/calculadora"))).toBe(false);
    const robots = await createCachedResponse(200, [["Content-Type", "text/plain"]], Buffer.from("User-agent: *"));
    expect(isOwnPage("/robots.txt", robots)).toBe(true);
    expect(isOwnPage("/ROBOTS.TXT", robots)).toBe(false);
  });

  it("stays within its bounds after 30,000 unique URLs and keeps the site's pages cached", async () => {
    const bounds = { maxPages: 20, maxPageBytes: 200_000, maxVariants: 10, maxVariantBytes: 50_000 };
    const cache = new PageCache(bounds);
    const home = await page("/");
    const sectors = await page("/sectores");
    await cache.fill("/", async () => home);
    await cache.fill("/sectores", async () => sectors);
    const variant = await page("/calculadora", 1500);
    const lowercaseVariant = await page("/sectores/construccion", 1500);
    for (let i = 0; i < 30_000; i += 1) {
      // Junk query strings, letter-case variants and calculator prefills, as a crawler or attacker sends them.
      const url = [`/sectores/construccion?x=${i}`, `/SECTORES/construccion${i}`, `/calculadora?presupuesto=${i}`][
        i % 3
      ]!;
      const key = pageCacheKey(req(url));
      expect(key).not.toBeNull();
      if (cache.get(key!)) continue;
      await cache.fill(key!, async () => (key!.startsWith("/calculadora") ? variant : lowercaseVariant));
    }
    const { pages, variants } = cache.stats;
    expect(pages.entries).toBeLessThanOrEqual(bounds.maxPages);
    expect(pages.bytes).toBeLessThanOrEqual(bounds.maxPageBytes);
    expect(variants.entries).toBeLessThanOrEqual(bounds.maxVariants);
    expect(variants.bytes).toBeLessThanOrEqual(bounds.maxVariantBytes);
    expect(cache.get("/")).toBe(home);
    expect(cache.get("/sectores")).toBe(sectors);
  });

  it("evicts the least recently used page past the page budget's entry or byte bound", async () => {
    const cache = new PageCache({ maxPages: 2, maxPageBytes: 1_000_000 });
    for (const path of ["/a", "/b"]) await cache.fill(path, () => page(path));
    cache.get("/a");
    await cache.fill("/c", () => page("/c"));
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")).toBeDefined();
    const small = new PageCache({ maxPages: 100, maxPageBytes: 2 * (await page("/x", 20_000)).size + 10 });
    for (const path of ["/x", "/y", "/z"]) await small.fill(path, () => page(path, 20_000));
    expect(small.stats.pages.entries).toBe(2);
    expect(small.get("/x")).toBeUndefined();
  });

  it("reads its bounds from the environment, ignoring values that are not positive integers", () => {
    expect(
      pageCacheBounds({ PAGE_CACHE_MAX_PAGES: "50", PAGE_CACHE_MAX_MB: "8", PAGE_CACHE_MAX_VARIANTS: "x" }),
    ).toEqual({ maxPages: 50, maxPageBytes: 8 * 1024 * 1024, maxVariants: 500, maxVariantBytes: 16 * 1024 * 1024 });
  });

  it("does not store a render that started before a content change", async () => {
    const cache = new PageCache();
    let finish!: () => void;
    const render = cache.fill("/", async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return entry();
    });
    cache.clear();
    finish();
    // Nor may a shared cache in front keep it: it may show what the change replaced.
    expect((await render)?.headers["cache-control"]).toBe("private, no-store");
    expect(cache.get("/")).toBeUndefined();
    // A render after the change is kept as it came.
    const after = await cache.fill("/", async () => entry());
    expect(after?.headers["cache-control"]).toBeUndefined();
  });

  it("lets concurrent misses wait for the render in flight", async () => {
    const cache = new PageCache();
    const render = cache.fill("/mensual", entry);
    expect(cache.pendingFill("/mensual")).toBeDefined();
    const [first, second] = await Promise.all([render, cache.pendingFill("/mensual")]);
    expect(second).toBe(first);
    expect(cache.get("/mensual")).toBe(first);
    expect(cache.pendingFill("/mensual")).toBeUndefined();
  });
});
