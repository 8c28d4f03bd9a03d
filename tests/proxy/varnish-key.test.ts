// One page, one entry in the shared cache (CONTRACT §14) and one spelling per page (CONTRACT §12),
// through Debian's Varnish with the shipped deploy/varnish/leads-site.vcl in front of two instances on
// the embedded dataset: ad clicks (each with its own gclid, utm_* and the like) over cached pages are hits
// that add no object; another Host spelling makes no copy; a brotli client gets the brotli the instances
// prebuild, a gzip client gzip, each encoding one entry; a spelling that leaves /api/, /images/,
// /social/ or /build/ by its dot segments is answered 301 (or 404) and never rendered.
import http from "node:http";
import zlib from "node:zlib";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startVarnishStack } from "../../scripts/lib/varnish-stack.mjs";

type Stack = Awaited<ReturnType<typeof startVarnishStack>>;
interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

const TOKEN = "varnish-key-metrics";
const CHROME_ENCODINGS = "gzip, deflate, br, zstd";
const PAGES = ["/", "/sectores", "/sectores/construccion", "/calculadora", "/contacto"];
/** The click ids and campaign tags ads add to a landing URL; `junk` stands for anything else. */
const CLICK_IDS = ["gclid", "gbraid", "wbraid", "fbclid", "msclkid", "junk"];

let stack: Stack;

beforeAll(async () => {
  stack = await startVarnishStack({ instances: 2, env: { METRICS_TOKEN: TOKEN } });
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

/** A GET of `target` exactly as written, through Varnish unless `base` says otherwise; the body as bytes. */
function get(target: string, headers: Record<string, string> = {}, base = stack.url): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path: target, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    request.on("error", reject);
    request.setTimeout(30_000, () => request.destroy(new Error(`${target}: no answer within 30 s`)));
    request.end();
  });
}

const decoded = (answer: Answer) => {
  const encoding = answer.headers["content-encoding"];
  if (encoding === "br") return zlib.brotliDecompressSync(answer.body).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(answer.body).toString("utf8");
  return answer.body.toString("utf8");
};

/** Renders so far, all instances together (page_cache_requests_total{result="miss"}). */
async function renders(): Promise<number> {
  let total = 0;
  for (const instance of stack.instances) {
    const metrics = await get("/metrics", { Authorization: `Bearer ${TOKEN}` }, instance.url);
    const line = decoded(metrics)
      .split("\n")
      .find((candidate) => candidate.startsWith('page_cache_requests_total{result="miss"} '));
    total += line ? Number(line.split(" ")[1]) : 0;
  }
  return total;
}

/** Asks for each page until Varnish answers it from its cache (at most 10 tries each). */
async function warm(pages: string[], headers: Record<string, string>) {
  for (const page of pages) {
    for (let attempt = 0; ; attempt += 1) {
      const answer = await get(page, headers);
      expect(answer.status, page).toBe(200);
      if (answer.headers["x-cache"] === "HIT") break;
      if (attempt === 10) throw new Error(`${page} never became a hit`);
    }
  }
}

describe("the shipped VCL keys a page as the instance does", () => {
  it("answers 200 ad clicks with unique click ids over cached pages from the cache: at most 1 % reach an instance, no object added", async () => {
    const browser = { "Accept-Encoding": CHROME_ENCODINGS };
    await warm(PAGES, browser);
    const before = stack.counters();
    const clicks = 200;
    let hits = 0;
    for (let click = 0; click < clicks; click += 1) {
      const page = PAGES[click % PAGES.length]!;
      const id = CLICK_IDS[click % CLICK_IDS.length]!;
      const target = `${page}?${id}=Cj0KCQ${click}x${Date.now()}&utm_source=google&utm_medium=cpc&utm_campaign=c${click}&utm_term=t${click}`;
      const answer = await get(target, browser);
      // The visitor's URL is theirs: no redirect that would drop what attribution reads in the browser.
      expect(answer.status, target).toBe(200);
      expect(answer.headers.location, target).toBeUndefined();
      if (answer.headers["x-cache"] === "HIT") hits += 1;
    }
    const after = stack.counters();
    const reached = after["MAIN.backend_req"]! - before["MAIN.backend_req"]!;
    expect(reached / clicks, `${reached} of ${clicks} clicks reached an instance`).toBeLessThanOrEqual(0.01);
    expect(hits).toBeGreaterThanOrEqual(clicks * 0.99);
    expect(after["MAIN.n_object"], "objects in Varnish").toBe(before["MAIN.n_object"]);
  }, 120_000);

  it("holds one object per page and encoding: br, gzip and none, whatever the Accept-Encoding's spelling", async () => {
    const page = "/legal";
    const objects = () => stack.counters()["MAIN.n_object"]!;
    const start = objects();
    const classes = [
      [CHROME_ENCODINGS, "br", "gzip;q=0.5, br;q=1", "BR"],
      ["gzip", "gzip, deflate", "deflate, gzip;q=0.8, br;q=0"],
      ["", "identity", "br;q=0, gzip;q=0"],
    ];
    for (const [first, ...others] of classes) {
      const headers = (accept: string): Record<string, string> => (accept ? { "Accept-Encoding": accept } : {});
      await warm([page], headers(first!));
      for (const accept of others) {
        const answer = await get(`${page}?utm_source=x`, headers(accept));
        expect(answer.headers["x-cache"], accept).toBe("HIT");
      }
    }
    expect(objects() - start).toBe(3);
  }, 60_000);

  it("makes no copy for another Host spelling: the cached page answers them all", async () => {
    const { host } = new URL(stack.url);
    await warm(["/sectores"], { Host: host, "Accept-Encoding": CHROME_ENCODINGS });
    const before = stack.counters();
    for (const spelling of ["EXAMPLE.com:80", "example.com", "otro.example", host.toUpperCase(), `${host}.`]) {
      const answer = await get("/sectores", { Host: spelling, "Accept-Encoding": CHROME_ENCODINGS });
      expect(answer.status, spelling).toBe(200);
      expect(answer.headers["x-cache"], spelling).toBe("HIT");
    }
    const after = stack.counters();
    expect(after["MAIN.backend_req"]).toBe(before["MAIN.backend_req"]);
    expect(after["MAIN.n_object"]).toBe(before["MAIN.n_object"]);
  });

  it("sends the instances' brotli to a brotli client and gzip to a gzip client, the same page, from the cache", async () => {
    const page = "/mensual";
    const bodies: string[] = [];
    for (const [accept, encoding] of [
      [CHROME_ENCODINGS, "br"],
      ["gzip, deflate", "gzip"],
      ["", undefined],
    ] as const) {
      const headers: Record<string, string> = accept ? { "Accept-Encoding": accept } : {};
      await warm([page], headers);
      const answer = await get(page, headers);
      expect(answer.headers["x-cache"], accept).toBe("HIT");
      expect(answer.headers["content-encoding"], accept).toBe(encoding);
      expect(String(answer.headers.vary), accept).toMatch(/\bAccept-Encoding\b/i);
      bodies.push(decoded(answer));
    }
    expect(bodies[0]).toContain("<html");
    expect(new Set(bodies).size).toBe(1);
  }, 60_000);

  it("answers a spelling that leaves /api/, /images/, /social/ or /build/ with a 301 to the page (or the 404), never a rendering", async () => {
    await warm(["/sectores", "/contacto"], { "Accept-Encoding": CHROME_ENCODINGS });
    const rendered = await renders();
    const spellings: Array<[string, string | null]> = [
      ["/api/x/../../contacto", "/contacto"],
      ["/API/../contacto", "/contacto"],
      ["/Api/x/%2e%2e/%2E%2E/sectores", "/sectores"],
      ["/images/1/../../sectores", "/sectores"],
      ["/IMAGES/../contacto?gclid=1", "/contacto?gclid=1"],
      ["//api/..//sectores", "/sectores"],
      ["/social/a/../../sectores/", "/sectores"],
      ["/BUILD/../sectores", "/sectores"],
      ["/build/../sectores", null],
    ];
    for (let round = 0; round < 2; round += 1) {
      for (const [spelling, location] of spellings) {
        const answer = await get(spelling, { "Accept-Encoding": CHROME_ENCODINGS });
        if (location === null) expect(answer.status, spelling).toBe(404);
        else {
          expect(answer.status, spelling).toBe(301);
          expect(answer.headers.location, spelling).toBe(location);
        }
        expect(answer.headers["x-cache"], spelling).not.toBe("HIT");
      }
    }
    expect(await renders()).toBe(rendered);
  }, 60_000);
});
