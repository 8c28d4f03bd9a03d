/**
 * Which requests come from crawlers, which never take part in an experiment: isbot's pattern list
 * (kept up to date by its maintainers), less the patterns that match the browsers and HTTP clients we
 * and our monitors drive ourselves (headless Chromium, Playwright, Node's fetch). Those still take part
 * only with the analytics consent cookie, which no crawler ever sends by itself.
 */
import { createIsbotFromList, list } from "isbot";

const OUR_AUTOMATION = [
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36",
  "Playwright/1.65.1 (x64; debian 12) node/20.20",
  "node",
  "undici",
];

const crawlerPatterns = list.filter(
  (pattern) => !OUR_AUTOMATION.some((userAgent) => new RegExp(pattern, "i").test(userAgent)),
);

const matchesCrawler = createIsbotFromList(crawlerPatterns);

/** True for a crawler's User-Agent (Googlebot, bingbot, GPTBot, curl, python-requests…). */
export function isCrawler(userAgent: string | null | undefined): boolean {
  return matchesCrawler(userAgent?.slice(0, 1000) ?? "");
}
