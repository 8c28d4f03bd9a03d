/**
 * Serves a page's social card (docs/social-cards.md): resolves `/social/<page-key>.(png|jpg)` to the
 * page's content, draws the card (or takes the editor's image), keeps it in a bounded memory cache keyed
 * by the content hash, and answers with a strong ETag, 304 on a match, and long-lived caching only when
 * the URL's `v` is the current hash. Anything that names no page is a 404.
 */
import { LRUCache } from "lru-cache";
import sharp from "sharp";

import { campaignSeo } from "~/blocks/meta.server";
import { usableBlocks } from "~/blocks/usable-blocks.server";
import {
  getCalculatorPage,
  getCampaignPage,
  getContactPage,
  getDraftContractPage,
  getGoogleAdsPage,
  getLandingPage,
  getLegalPage,
  getNextStepsPage,
  getPlansPage,
  getSectorPage,
  getSectorsDirectory,
  getServiceStartPage,
  getSiteSettings,
} from "~/content/index.server";
import { ifNoneMatchIncludes, IMMUTABLE_CACHE_CONTROL } from "~/lib/http-cache";
import type { StaticPagePath } from "~/lib/site-paths";

import {
  type CardContent,
  cardContent,
  cardHash,
  type CardImageSource,
  type CardSeo,
  SITE_CARD_KEY,
} from "./card-content";
import { readDiskCard, writeDiskCard } from "./disk-cache.server";
import { overrideImage } from "./override.server";
import { renderCardPng } from "./render.server";

/** A fixed route's card key (`cardKey` of its path): the path without its leading slash, '/' is 'index'. */
type StaticPageKey<Path = StaticPagePath> = Path extends "/" ? "index" : Path extends `/${infer Key}` ? Key : never;

/** Each fixed route's content (its SEO fields), by card key: the type makes a new route in site-paths.ts need one. */
const PAGES: Record<StaticPageKey | typeof SITE_CARD_KEY, () => Promise<{ seo?: CardSeo | null }>> = {
  index: getLandingPage,
  mensual: getPlansPage,
  calculadora: getCalculatorPage,
  sectores: getSectorsDirectory,
  "servicios/google-ads": getGoogleAdsPage,
  contacto: getContactPage,
  legal: getLegalPage,
  siguiente: getNextStepsPage,
  borrador: getDraftContractPage,
  "iniciar-servicio": getServiceStartPage,
  [SITE_CARD_KEY]: async () => ({ seo: null }),
};

const SEGMENT = "[a-z0-9]+(?:-[a-z0-9]+)*";
// Campaign pages may live several segments deep (`ads/reformas-madrid`).
const CARD_FILE = new RegExp(`^(${SEGMENT}(?:/${SEGMENT})*)\\.(png|jpg)$`);
const MAX_FILE_LENGTH = 160;

export type CardFormat = "png" | "jpg";

/** `sectores/construccion.png` → its key and format, or null for anything else. */
export function parseCardFile(file: string | undefined): { key: string; format: CardFormat } | null {
  if (!file || file.length > MAX_FILE_LENGTH) return null;
  const match = CARD_FILE.exec(file);
  return match ? { key: match[1], format: match[2] as CardFormat } : null;
}

function isNotFound(error: unknown): boolean {
  return error instanceof Response && error.status === 404;
}

export interface CardSource {
  content: CardContent;
  /** The editor's replacement image, when the page's SEO fields hold one. */
  image: CardImageSource | null;
}

/** A page's card, computed exactly as the page's `meta` computes it; null when there is no such page. */
export async function loadCardSource(key: string): Promise<CardSource | null> {
  try {
    const settings = await getSiteSettings();
    const sectorSlug = key.startsWith("sectores/") ? key.slice("sectores/".length) : null;
    if (sectorSlug) {
      const page = await getSectorPage(sectorSlug);
      return { content: cardContent({ settings, seo: page.seo, sector: page }), image: seoImage(page.seo) };
    }
    const load = Object.hasOwn(PAGES, key) ? PAGES[key as keyof typeof PAGES] : undefined;
    if (!load) return loadCampaignCardSource(key, settings);
    const page = await load();
    return { content: cardContent({ settings, seo: page.seo }), image: seoImage(page.seo) };
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** A campaign page's card, from its hero as its `meta` draws it; null when no campaign page lives at the key. */
async function loadCampaignCardSource(
  key: string,
  settings: Awaited<ReturnType<typeof getSiteSettings>>,
): Promise<CardSource | null> {
  const page = await getCampaignPage(`/${key}`);
  if (!page) return null;
  const { seo, hero } = campaignSeo({ page, blocks: await usableBlocks(page.blocks, page._id) });
  return { content: cardContent({ settings, seo, hero }), image: seoImage(seo) };
}

function seoImage(seo: CardSeo | null | undefined): CardImageSource | null {
  return seo?.image?.asset ? seo.image : null;
}

interface CardFile {
  body: Buffer;
  type: string;
  etag: string;
}

type CardRequest = { key: string; source: CardSource; format: CardFormat; hash: string };

// Cards weigh about 200 KB: 48 MB keeps every page's card of a site this size and bounds a flood of edits.
const cards = new LRUCache<string, CardFile, CardRequest>({
  maxSize: 48 * 1024 * 1024,
  sizeCalculation: (file) => file.body.length || 1,
  fetchMethod: (_key, _stale, { context }) => drawCard(context),
});

/** The drawn PNG, from DATA_DIR when an earlier run drew it, else drawn now and stored there. */
async function cardPng({ key, source, hash }: CardRequest): Promise<Buffer> {
  const stored = await readDiskCard(key, "png", hash);
  if (stored) return stored;
  const png = await renderCardPng(source.content);
  await writeDiskCard(key, "png", hash, png);
  return png;
}

async function drawCard(request: CardRequest): Promise<CardFile> {
  const { source, format, hash } = request;
  if (format === "jpg" && source.image) {
    const override = await overrideImage(source.image);
    if (override && "jpeg" in override) return { body: override.jpeg, type: "image/jpeg", etag: `"${hash}-image"` };
  }
  const png = await cardPng(request);
  if (format === "png") return { body: png, type: "image/png", etag: `"${hash}"` };
  // The editor's image could not be read: the drawn card stands in, as the JPEG the page announced.
  const jpeg = await sharp(png).jpeg({ quality: 88, mozjpeg: true }).toBuffer();
  return { body: jpeg, type: "image/jpeg", etag: `"${hash}-card"` };
}

/** A URL without the current hash (an old share, a typed address): short, so an edit shows soon. */
export const SHORT_LIVED = "public, max-age=300";

const notFound = () =>
  new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });

/** The whole answer to a card request. */
export async function socialCardResponse(request: Request, file: string | undefined): Promise<Response> {
  const parsed = parseCardFile(file);
  if (!parsed) return notFound();
  const source = await loadCardSource(parsed.key);
  if (!source) return notFound();
  const { content, image } = source;
  const hash = cardHash(content);
  const version = new URL(request.url).searchParams.get("v");
  const cacheControl = version === hash ? IMMUTABLE_CACHE_CONTROL : SHORT_LIVED;

  // The JPEG address exists only while the page has an editor's image.
  if (parsed.format === "jpg" && !image) return notFound();
  if (parsed.format === "jpg" && image) {
    const override = await overrideImage(image, { redirectOnly: true });
    if (override && "redirect" in override) {
      return new Response(null, {
        status: 302,
        headers: { Location: override.redirect, "Cache-Control": cacheControl },
      });
    }
  }

  const card = await cards.fetch(`${parsed.key}.${parsed.format}@${hash}`, {
    context: { key: parsed.key, source, format: parsed.format, hash },
  });
  if (!card) throw new Error(`social card ${parsed.key} could not be drawn`);
  const headers = { ETag: card.etag, "Cache-Control": cacheControl };
  if (ifNoneMatchIncludes(request.headers.get("If-None-Match"), card.etag))
    return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(card.body), {
    status: 200,
    headers: { ...headers, "Content-Type": card.type, "Content-Length": String(card.body.length) },
  });
}
