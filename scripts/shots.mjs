// `npm run shots [-- /path …]`: builds when stale, starts the production server and writes screenshots
// of every page (or only the given paths) and of every dialog at 390×844 and 1280×800 into shots/:
// `<page>-<width>-first.png`, the first screen a new visitor sees (cookie banner included), and
// `<page>-<width>-full.png`, the whole page once the banner is answered.
import fs from "node:fs";
import path from "node:path";

import { chromium } from "@playwright/test";

import { ensureBuild, root, startProductionServer } from "./lib/build.mjs";
import { CHROMIUM_ARGS, CHROMIUM_PATH, requireChromium } from "./lib/chromium.mjs";
import { pageScriptLive } from "./lib/page-ready.mjs";
import { pathSlug, sitePaths } from "./lib/site-routes.mjs";

const VIEWPORTS = [
  { width: 390, height: 844, isMobile: true, hasTouch: true },
  { width: 1280, height: 800 },
];
/** Dialogs open from links to their anchor, on the pages that hold them. */
const DIALOGS = { "/mensual": ["#solicitar-informacion", "#solicitar-analisis"] };
const folder = path.join(root, "shots");

requireChromium();
ensureBuild();
const server = await startProductionServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
fs.mkdirSync(folder, { recursive: true });

/** Resolves once the page's script is live (the frame script, and React where the page hydrates). */
const hydrated = (page) => page.waitForFunction(pageScriptLive);

/**
 * A full-page capture does not scroll, so lazy images below the fold would show their blurred
 * placeholder: walk down the page as a reader would, then wait until every image has loaded.
 */
async function loadLazyImages(page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo({ top: y, behavior: "instant" });
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    window.scrollTo({ top: 0, behavior: "instant" });
  });
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
}

try {
  const wanted = process.argv.slice(2);
  const paths = wanted.length > 0 ? wanted : await sitePaths(server.baseUrl);
  for (const viewport of VIEWPORTS) {
    const { width, height, ...device } = viewport;
    for (const pathname of paths) {
      const name = `${pathSlug(pathname)}-${width}`;
      const fresh = await browser.newContext({ viewport: { width, height }, ...device, locale: "es-ES" });
      const first = await fresh.newPage();
      await first.goto(`${server.baseUrl}${pathname}`);
      await hydrated(first);
      await first.screenshot({ path: path.join(folder, `${name}-first.png`) });
      await fresh.close();

      const answered = await browser.newContext({ viewport: { width, height }, ...device, locale: "es-ES" });
      await answered.addCookies([{ name: "cookie_consent", value: "v1.a0.p0", url: server.baseUrl }]);
      const page = await answered.newPage();
      await page.goto(`${server.baseUrl}${pathname}`);
      await hydrated(page);
      await loadLazyImages(page);
      await page.screenshot({ path: path.join(folder, `${name}-full.png`), fullPage: true });
      for (const anchor of DIALOGS[pathname] ?? []) {
        await page.locator(`a[href="${anchor}"]`).first().click();
        const dialog = page.getByRole("dialog");
        await dialog.waitFor();
        await page.screenshot({ path: path.join(folder, `${name}-dialog-${anchor.slice(1)}.png`) });
        await page.keyboard.press("Escape");
        await dialog.waitFor({ state: "detached" });
      }
      await answered.close();
      console.log(`${pathname} at ${width}`);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(`Screenshots in ${path.relative(process.cwd(), folder) || "."}/`);
