// Social cards in real Chromium: a page's og:image is an absolute URL on the site that loads as a
// 1200×630 image, as a LinkedIn or WhatsApp preview would fetch it.
import { expect, test } from "@playwright/test";

for (const path of ["/", "/sectores/construccion", "/mensual"]) {
  test(
    `${path}: og:image is absolute and loads as a 1200×630 picture`,
    { tag: "@any-width" },
    async ({ page, baseURL }) => {
      await page.goto(path);
      const image = await page.locator('meta[property="og:image"]').getAttribute("content");
      expect(image).toBeTruthy();
      const url = new URL(image!);
      expect(url.origin).toBe(new URL(baseURL!).origin);
      expect(url.pathname).toMatch(/^\/social\/[a-z0-9/-]+\.png$/);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");

      const response = await page.goto(url.href);
      expect(response?.status()).toBe(200);
      expect(response?.headers()["content-type"]).toBe("image/png");
      const size = await page
        .locator("img")
        .evaluate((element: HTMLImageElement) =>
          element.complete ? { width: element.naturalWidth, height: element.naturalHeight } : null,
        );
      expect(size).toEqual({ width: 1200, height: 630 });
    },
  );
}
