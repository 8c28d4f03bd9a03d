/**
 * The sitemap's XML: one `<urlset>` while every URL fits in one file, else files of at most
 * SITEMAP_LIMITS.urls URLs and SITEMAP_LIMITS.bytes bytes (the search engines' limits) listed by a
 * `<sitemapindex>` at /sitemap.xml, each file at /sitemap/{n}.xml. Pure: app/site/sitemap.server.ts
 * gathers the URLs from content.
 */

export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024 } as const;

export interface SitemapLimits {
  urls: number;
  bytes: number;
}

export interface SitemapUrl {
  loc: string;
  lastmod?: string;
}

const XML_HEAD = `<?xml version="1.0" encoding="UTF-8"?>\n`;
const URLSET_OPEN = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n`;
const URLSET_CLOSE = `</urlset>\n`;

export function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}

function urlEntry({ loc, lastmod }: SitemapUrl): string {
  return `  <url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}</url>\n`;
}

/** The URLs split into files within the limits (one file when they all fit). */
export function sitemapFiles(urls: readonly SitemapUrl[], limits: SitemapLimits = SITEMAP_LIMITS): string[][] {
  const frame = Buffer.byteLength(XML_HEAD + URLSET_OPEN + URLSET_CLOSE);
  const files: string[][] = [[]];
  let bytes = frame;
  for (const url of urls) {
    const entry = urlEntry(url);
    const size = Buffer.byteLength(entry);
    const current = files.at(-1)!;
    if (current.length > 0 && (current.length >= limits.urls || bytes + size > limits.bytes)) {
      files.push([entry]);
      bytes = frame + size;
    } else {
      current.push(entry);
      bytes += size;
    }
  }
  return files;
}

export function urlsetXml(entries: readonly string[]): string {
  return XML_HEAD + URLSET_OPEN + entries.join("") + URLSET_CLOSE;
}

/** The address of sitemap file `n` (1-based). */
export function sitemapFilePath(n: number): string {
  return `/sitemap/${n}.xml`;
}

export function sitemapIndexXml(base: string, count: number): string {
  const items = Array.from(
    { length: count },
    (_, index) => `  <sitemap><loc>${escapeXml(`${base}${sitemapFilePath(index + 1)}`)}</loc></sitemap>\n`,
  );
  return `${XML_HEAD}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("")}</sitemapindex>\n`;
}
