/** Checks shared by the page specs: accordions, layout width, target sizes, axe, the cookie banner. */
import AxeBuilder from "@axe-core/playwright";
import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";

import { pageScriptLive } from "../../scripts/lib/page-ready.mjs";

/**
 * Gives the running test `ms` more time. A test's own budget (playwright.config.ts: one minute) covers a fixed amount
 * of work; a test whose work grows with a count (fresh browsers, axe runs, the items of a grid) adds this for each
 * unit, so a host twice as slow gets twice the time for each unit instead of one minute for all of them
 * (docs/testing.md). A loop over pages is better split into one test per page.
 */
export function budgetMore(ms: number) {
  test.info().setTimeout(test.info().timeout + ms);
}

/** An axe run over a whole page: seconds of work on a loaded host, so each run brings its own budget. */
export const AXE_RUN_MS = 60_000;

/**
 * A visitor who already answered the cookie banner ('Rechazar'), so it stays away and these page
 * tests see the page itself (the banner has its own spec: consent.spec.ts).
 */
export async function rememberCookieChoice(context: BrowserContext, baseURL: string | undefined) {
  await context.addCookies([{ name: "cookie_consent", value: "v1.a0.p0", url: baseURL ?? "http://127.0.0.1:3000" }]);
}

/**
 * Answers the cookie banner with 'Rechazar' when it shows. Waits for the page's script first: a click on the
 * server-rendered banner would otherwise be the boot script's or post its no-JavaScript form. Then the pointer goes
 * to the fixed header: left where the banner's button was, it would be over whatever a later scroll brings
 * there, and the move event Chromium sends some time after a scroll would "reach for" a form there and fetch its
 * code (app/components/islands/on-interaction.tsx), or not, depending on the host's speed.
 */
export async function closeCookieBanner(page: Page) {
  const reject = page.getByRole("button", { name: "Rechazar", exact: true });
  if (!(await reject.isVisible())) return;
  await waitForHydration(page);
  await reject.click();
  await expect(reject).toBeHidden();
  await page.mouse.move(1, 1);
}

/** What a page does from now on: the scripts it requests (paths) and the errors it logs or throws. */
export function watch(page: Page) {
  const scripts: string[] = [];
  const problems: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return { scripts, problems };
}

/**
 * Waits until the page's script is live: the frame script has started (`data-frame-ready` on <html>:
 * header, FAQ, tooltips, cookie banner, app/components/frame/) and, on a page that hydrates (a form, the
 * calculator, a dialog: it carries `window.__remixContext`), React has hydrated it too (its elements carry
 * React's fiber, so handlers are live).
 */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(pageScriptLive);
}

/** True when the page carries React (Remix's context script): a page with a form, the calculator or a dialog. */
export async function pageHydrates(page: Page): Promise<boolean> {
  return page.evaluate(() => "__remixContext" in window);
}

/**
 * The content chunks a page fetches from now on, by the component they are named after (esbuild names a
 * dynamically imported module's chunk after its file: `LeadFormBlock-<hash>.js`, `SectorPage-<hash>.js`).
 * `suffix` picks the kind: "Block" for campaign blocks, "Page" for static pages' content.
 */
export function contentChunksFetched(page: Page, suffix: "Block" | "Page"): string[] {
  const chunks: string[] = [];
  const pattern = new RegExp(`^([A-Za-z]+${suffix})-[A-Za-z0-9]+\\.js$`);
  page.on("request", (request) => {
    const file = new URL(request.url()).pathname.split("/").pop() ?? "";
    const name = pattern.exec(file)?.[1];
    if (name) chunks.push(name);
  });
  return chunks;
}

/**
 * The page islands whose entry the page fetches from now on, by name (scripts/build-client.mjs names an
 * island's entry `island-<name>-<hash>.js`, and the chunks they share `island-chunk-<hash>.js`).
 */
export function islandEntriesFetched(page: Page): string[] {
  const entries: string[] = [];
  page.on("request", (request) => {
    const file = new URL(request.url()).pathname.split("/").pop() ?? "";
    const name = /^island-([a-z-]+)-[A-Z0-9]+\.js$/.exec(file)?.[1];
    if (name && name !== "chunk") entries.push(name);
  });
  return entries;
}

/**
 * The page has done everything it would do on its own: its script live, no request in flight for 500 ms
 * (Playwright's network-idle event) and one more frame painted, so effects have run. Tests that prove
 * something did NOT happen (no tracker request, no second conversion) await this instead of sleeping.
 */
export async function settled(page: Page) {
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
}

function answerSnippet(answer: string): string {
  return answer.trim().split("\n")[0].slice(0, 60);
}

/**
 * A single-open, collapsible accordion: every item starts closed with its answer hidden; opening one
 * shows its answer and closes the one open before; the open one closes again; Enter and Space work.
 */
export async function exerciseAccordion(region: Locator, items: ReadonlyArray<{ question: string; answer: string }>) {
  const triggers = items.map((item) => region.getByRole("button", { name: item.question, exact: true }));
  const answers = items.map((item) => region.getByText(answerSnippet(item.answer)));
  await expect(region.locator("[aria-expanded]")).toHaveCount(items.length);
  for (let index = 0; index < items.length; index++) {
    await expect(triggers[index]).toHaveAttribute("aria-expanded", "false");
    await expect(answers[index]).toBeHidden();
  }
  for (let index = 0; index < items.length; index++) {
    await triggers[index].click();
    await expect(triggers[index]).toHaveAttribute("aria-expanded", "true");
    await expect(answers[index]).toBeVisible();
    if (index > 0) {
      await expect(triggers[index - 1]).toHaveAttribute("aria-expanded", "false");
      await expect(answers[index - 1]).toBeHidden();
    }
    await expect(region.locator('[aria-expanded="true"]')).toHaveCount(1);
  }
  const last = items.length - 1;
  await triggers[last].click();
  await expect(triggers[last]).toHaveAttribute("aria-expanded", "false");
  await expect(answers[last]).toBeHidden();
  await expect(region.locator('[aria-expanded="true"]')).toHaveCount(0);

  await triggers[0].focus();
  await triggers[0].press("Enter");
  await expect(answers[0]).toBeVisible();
  await triggers[0].press("Space");
  await expect(answers[0]).toBeHidden();
}

/** Without JavaScript the accordion cannot open: every answer is shown open instead. */
export async function expectAllAnswersShown(
  region: Locator,
  items: ReadonlyArray<{ question: string; answer: string }>,
) {
  for (const item of items) {
    await expect(region.getByText(item.question, { exact: true })).toBeVisible();
    await expect(region.getByText(answerSnippet(item.answer))).toBeVisible();
  }
}

export async function expectNoHorizontalScroll(page: Page) {
  const [scrollWidth, clientWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

/** Links and buttons of `main` that are not inline in a sentence measure at least 24×24 CSS px (WCAG 2.5.8). */
export async function expectTargetsAtLeast24px(page: Page) {
  const small = await page.locator("main").evaluate((main) =>
    [...main.querySelectorAll<HTMLElement>("a[href], button")]
      .filter((element) => element.getClientRects().length > 0 && getComputedStyle(element).display !== "inline")
      .map((element) => ({ text: element.textContent?.trim() ?? "", box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 24 || box.height < 24)
      .map(({ text, box }) => `${text} (${Math.round(box.width)}×${Math.round(box.height)})`),
  );
  expect(small).toEqual([]);
}

export async function expectNoAxeViolations(page: Page) {
  budgetMore(AXE_RUN_MS);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}

/** A JSON-LD object, with the schema.org properties these tests read. */
export interface JsonLdBlock {
  "@type": string;
  mainEntity?: Array<{ name: string; acceptedAnswer: { text: string } }>;
  offers?: unknown[];
  [property: string]: unknown;
}

/** The JSON-LD objects of the page's <head>. */
export async function jsonLdBlocks(page: Page): Promise<JsonLdBlock[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text));
}
