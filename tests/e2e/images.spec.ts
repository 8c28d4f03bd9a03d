// Content images as a visitor's browser gets them: responsive sources with a fixed box (no layout shift),
// the hero screenshot first on desktop and never downloaded on phones, the rest lazy, AVIF from the
// local image route.
import http from "node:http";
import type { AddressInfo } from "node:net";

import { expect, type Page, test } from "@playwright/test";

import { rememberCookieChoice } from "../support/page-checks";
import { seedDocument } from "../support/seed-content";

test.beforeEach(({ context, baseURL }) => rememberCookieChoice(context, baseURL));

const landing = seedDocument("landingPage");

/** Every image with its loading attributes, as the server rendered them. */
function contentImages(page: Page) {
  return page.locator("main img[srcset]").evaluateAll((images) =>
    (images as HTMLImageElement[]).map((image) => ({
      alt: image.getAttribute("alt"),
      srcset: image.getAttribute("srcset") ?? "",
      sizes: image.getAttribute("sizes"),
      width: Number(image.getAttribute("width")),
      height: Number(image.getAttribute("height")),
      loading: image.getAttribute("loading"),
      fetchpriority: image.getAttribute("fetchpriority"),
    })),
  );
}

/**
 * Scrolls to the bottom in steps so every lazy image starts, then waits for them. The test drives each step
 * with short synchronous calls and waits for a condition: nothing waits on the page's own timers or frames
 * inside one long call (a CI run hung in such an in-page loop), and a step that cannot be made names itself.
 */
async function scrollThrough(page: Page) {
  const { height, step } = await page.evaluate(() => ({
    height: document.documentElement.scrollHeight,
    step: Math.max(100, Math.floor(window.innerHeight / 2)),
  }));
  for (let y = 0; y <= height; y += step) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    // Every image now in view has been asked for: the browser picked its source from the srcset.
    await expect
      .poll(
        () =>
          page.evaluate(() =>
            [...document.querySelectorAll<HTMLImageElement>("main img[srcset]")]
              .filter((image) => {
                const box = image.getBoundingClientRect();
                return image.offsetParent !== null && box.bottom > 0 && box.top < window.innerHeight;
              })
              .every((image) => image.currentSrc !== ""),
          ),
        { message: `the images in view at ${y} px start loading` },
      )
      .toBe(true);
  }
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          [...document.querySelectorAll<HTMLImageElement>("main img[srcset]")].every(
            (image) => image.complete && (image.naturalWidth > 1 || image.offsetParent === null),
          ),
        ),
      { message: "every image of the page has loaded" },
    )
    .toBe(true);
}

test("the landing's images carry srcset, sizes, width/height and alt; only the hero screenshot is eager", async ({
  page,
}) => {
  await page.goto("/");
  const images = await contentImages(page);
  const alts = images.map((image) => image.alt);
  expect(alts).toContain(landing.hero.screenshot.alt);
  expect(alts).toContain(landing.appShowcase.screenshot.alt);
  for (const logo of landing.hero.clientLogos) expect(alts).toContain(logo.alt);
  for (const image of images) {
    expect(image.srcset).toMatch(/\/images\/local\/production\/[0-9a-f]{40}-\d+x\d+\.png\?[^ ]*auto=format[^ ]* \d+w/);
    expect(image.sizes).toBeTruthy();
    expect(image.width).toBeGreaterThan(0);
    expect(image.height).toBeGreaterThan(0);
  }
  const hero = images.find((image) => image.alt === landing.hero.screenshot.alt)!;
  expect([hero.loading, hero.fetchpriority]).toEqual(["eager", "high"]);
  for (const image of images.filter((other) => other !== hero)) {
    expect([image.loading, image.fetchpriority]).toEqual(["lazy", null]);
  }
});

test("the hero screenshot downloads on desktop as AVIF, and not at all on phones", async ({ page }) => {
  const heroFile = (landing.hero.screenshot as unknown as { _sanityAsset: string })._sanityAsset.replace(/^.*\//, "");
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  const heroResponse = page
    .waitForResponse((response) => response.url().includes(heroFile), { timeout: 15_000 })
    .catch(() => null);
  await page.goto("/");
  await page.waitForLoadState("networkidle");
  const phone = (page.viewportSize()?.width ?? 0) < 1024;
  if (phone) {
    expect(requests.filter((url) => url.includes(heroFile))).toEqual([]);
    return;
  }
  const response = await heroResponse;
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-type"]).toBe("image/avif");
  expect(response?.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(response?.headers()["vary"]).toBe("Accept");
});

test("images load into their reserved box: no layout shift while the page and its lazy images load", async ({
  page,
}) => {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { __shifts: number[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto("/");
  await scrollThrough(page);
  const boxes = await page.locator("main img[srcset]").evaluateAll((images) =>
    (images as HTMLImageElement[])
      .filter((image) => image.offsetParent !== null)
      .map((image) => {
        const rendered = image.getBoundingClientRect();
        return {
          ratio: rendered.width / rendered.height,
          declared: image.width / image.height,
          natural: image.naturalWidth,
        };
      }),
  );
  expect(boxes.length).toBeGreaterThanOrEqual(landing.hero.clientLogos.length + 1);
  for (const box of boxes) {
    expect(box.natural).toBeGreaterThan(1);
    expect(Math.abs(box.ratio - box.declared)).toBeLessThan(0.05);
  }
  // Not a single shift, however small: the last ones were the header row while its marked section changed
  // (bold labels are wider) and a hero glow anchored to a hero that was still growing.
  expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([]);
});

test("a page that arrives in pieces (a slow connection) never moves what is already on screen", async ({
  page,
  baseURL,
}) => {
  // A proxy that sends each page's HTML in parts, cut inside the hero, 600 ms apart: a browser that painted
  // each part would see the rest of the hero arrive below (and, inside the badge, around) what it painted.
  const origin = new URL(baseURL!);
  const proxy = http.createServer((request, response) => {
    const upstream = http.request(
      { host: origin.hostname, port: origin.port, path: request.url, method: request.method, headers: request.headers },
      (answer) => {
        const html = (answer.headers["content-type"] ?? "").startsWith("text/html");
        if (!html) {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on("data", (chunk: Buffer) => chunks.push(chunk));
        answer.on("end", () => {
          const body = Buffer.concat(chunks);
          // Inside the hero's badge, before its text (an empty pill sits lower on its line than a full
          // one), then after the h1.
          const badge = body.indexOf('<p class="inline-flex');
          const cuts = [badge < 0 ? -1 : body.indexOf(">", badge) + 1, body.indexOf("</h1>") + "</h1>".length]
            .filter((cut) => cut > 0)
            .sort((a, b) => a - b);
          const { "content-length": _length, "content-encoding": _encoding, ...headers } = answer.headers;
          response.writeHead(answer.statusCode ?? 502, headers);
          let sent = 0;
          const sendNext = () => {
            const cut = cuts.shift();
            if (cut === undefined) return void response.end(body.subarray(sent));
            response.write(body.subarray(sent, cut));
            sent = cut;
            setTimeout(sendNext, 600);
          };
          sendNext();
        });
      },
    );
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = proxy.address() as AddressInfo;
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as unknown as { __shifts: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number }>) shifts.push(entry.value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    for (const path of ["/", "/mensual"]) {
      // Identity encoding, so the proxy can cut the HTML where it wants.
      await page.setExtraHTTPHeaders({ "Accept-Encoding": "identity" });
      await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: "load" });
      expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts), path).toEqual([]);
    }
  } finally {
    proxy.close();
  }
});
