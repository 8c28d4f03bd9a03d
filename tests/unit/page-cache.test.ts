import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  createCachedResponse,
  isCacheableResponse,
  LruCache,
  matchesIfNoneMatch,
  negotiateEncoding,
  PageCache,
  pageCacheKey,
} from "../../server/page-cache";

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

  it("refuses forms, credentials, personalising cookies, previews and Remix data requests", () => {
    expect(pageCacheKey(req("/", {}, "POST"))).toBeNull();
    expect(pageCacheKey(req("/", { authorization: "Bearer x" }))).toBeNull();
    expect(pageCacheKey(req("/", { cookie: "__session=1" }))).toBeNull();
    expect(pageCacheKey(req("/?preview=true"))).toBeNull();
    expect(pageCacheKey(req("/sectores/x?_data=routes%2Fsectores.%24slug"))).toBeNull();
  });

  it("ignores the consent cookie and the analytics cookies set after consent", () => {
    expect(
      pageCacheKey(req("/", { cookie: "cookie_consent=v1.a1.d0; _ga=GA1.1.2; _ga_ABC=GS1; _gcl_au=1.1; _fbp=fb.1" })),
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

describe("LruCache", () => {
  it("evicts the least recently used entry past its entry or byte bound", () => {
    const lru = new LruCache<{ size: number }>(2, 100);
    lru.set("a", { size: 10 });
    lru.set("b", { size: 10 });
    lru.get("a");
    lru.set("c", { size: 10 });
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBeDefined();
    lru.set("d", { size: 95 });
    expect(lru.size).toBe(1);
    expect(lru.totalBytes).toBe(95);
  });
});

describe("PageCache", () => {
  const entry = () => createCachedResponse(200, [["Content-Type", "text/html"]], Buffer.from("<p>hola</p>"));

  it("does not store a render that started before a content change", async () => {
    const cache = new PageCache();
    let finish!: () => void;
    const render = cache.fill("/", async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return entry();
    });
    cache.clear();
    finish();
    await render;
    expect(cache.get("/")).toBeUndefined();
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
