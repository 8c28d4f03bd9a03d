// The back/forward cache: a page the visitor leaves and comes back to is shown again as it was, at once
// (no unload listener, no `no-store` on pages, no open connection of the frame script). Chromium says why a page
// was not restored in `notRestoredReasons` of its navigation entry. Playwright turns the cache off by default
// (--disable-back-forward-cache): this spec's own browser keeps it on.
import { chromium, expect, test } from "@playwright/test";

import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../../scripts/lib/chromium.mjs";
import { rememberCookieChoice, waitForHydration } from "../support/page-checks";

for (const path of ["/sectores/construccion", "/sectores"]) {
  test(`back to ${path} restores it from the back/forward cache`, { tag: "@any-width" }, async ({ baseURL }) => {
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      ignoreDefaultArgs: ["--disable-back-forward-cache"],
    });
    try {
      const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
      await rememberCookieChoice(context, baseURL);
      const page = await context.newPage();
      await page.goto(path);
      await waitForHydration(page);
      await page.evaluate(() => {
        window.addEventListener("pageshow", (event) => {
          if (event.persisted) document.documentElement.setAttribute("data-restored", "");
        });
      });
      await page.getByRole("contentinfo").getByRole("link", { name: "Contacto", exact: true }).click();
      await expect(page).toHaveURL(/\/contacto$/);
      await waitForHydration(page);
      await page.goBack({ waitUntil: "commit" });
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      // Restored: the same document, shown again (a new load would have neither the mark nor the listener).
      await expect(page.locator("html")).toHaveAttribute("data-restored", "");
      const reasons = await page.evaluate(() => {
        const entry = performance.getEntriesByType("navigation")[0] as PerformanceEntry & {
          notRestoredReasons?: { reasons?: unknown[] | null } | null;
        };
        return entry.notRestoredReasons ?? null;
      });
      expect(reasons === null || (reasons.reasons ?? []).length === 0).toBe(true);
    } finally {
      await browser.close();
    }
  });
}
