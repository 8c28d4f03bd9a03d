/**
 * What a page's social card shows (brand, title, and for a sector page its name and figures) and the
 * card's address. Pure and isomorphic: route `meta` functions (server and browser) and the card route
 * (app/routes/social.$.ts) derive the same content from the same page data, so the content hash in the
 * og:image URL changes exactly when what the card draws changes (docs/social-cards.md).
 */
import type { SeoFields, SeoImage } from "~/content/types";
import { formatInteger, formatPercent } from "~/domain/format";

/** Bump when the card's drawing changes, so every card URL (and every cached copy) changes with it. */
export const CARD_TEMPLATE_VERSION = 1;

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

type Maybe<T> = T | null | undefined;

/** The editor's replacement image from the page's SEO fields. */
export type CardImageSource = SeoImage;

export interface CardFigure {
  value: string;
  label: string;
}

export interface CardContent {
  siteName: string;
  title: string;
  /** A short line above the title: the sector's name on a sector page. */
  kicker?: string;
  /** Shown under the title when there are no figures. */
  description?: string;
  figures: CardFigure[];
  /** The identity of the editor's replacement image, when one is set (part of the hash). */
  imageRef?: string;
  imageAlt?: string;
}

/** The SEO fields a card reads. */
export type CardSeo = Pick<SeoFields, "title" | "description"> & { image?: Maybe<CardImageSource> };

/** The site settings a card reads: the brand and the default SEO fields. */
export type CardSettings = { siteName?: Maybe<string>; defaultSeo?: Maybe<CardSeo> };

/** The sector page fields a card reads: name, conversion rate, cost per lead, monthly lead range, labels. */
export interface SectorCardSource {
  sectorName?: Maybe<string>;
  stats?: Maybe<{ conversionRate?: Maybe<number>; costPerLead?: Maybe<number> }>;
  leadsPerMonth?: Maybe<{ min?: Maybe<number>; max?: Maybe<number> }>;
  labels?: Maybe<{ conversionRate?: Maybe<string>; costPerLead?: Maybe<string>; leadsPerMonth?: Maybe<string> }>;
}

/** A campaign page's hero, which its card shows: the heading as title, the badge above, the text below. */
export interface HeroCardSource {
  heading?: Maybe<string>;
  text?: Maybe<string>;
  badge?: Maybe<string>;
}

const MAX_TITLE = 140;
const MAX_DESCRIPTION = 200;

function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, " ").trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The page title without the brand: SEO titles read 'Contacto | LeadsB2B' or 'LeadsB2B | Captación…',
 * and the card shows the brand on its own line, so a segment equal to the brand is dropped and the
 * first remaining segment kept ('Leads para X | Precio Fijo' → 'Leads para X').
 */
export function cardTitle(seoTitle: Maybe<string>, siteName: string): string {
  const brand = siteName.trim().toLowerCase();
  const segments = (seoTitle ?? "")
    .split(" | ")
    .map((segment) => segment.trim())
    .filter((segment) => segment && segment.toLowerCase() !== brand);
  return clip(segments[0] ?? siteName, MAX_TITLE);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === "number" && Number.isFinite(value);
}

/** The sector's headline figures: its monthly lead range, its conversion rate, else its cost per lead. */
export function sectorFigures(sector: SectorCardSource): CardFigure[] {
  const figures: CardFigure[] = [];
  const { min, max } = sector.leadsPerMonth ?? {};
  const labels = sector.labels ?? {};
  if (isFiniteNumber(min) && isFiniteNumber(max) && labels.leadsPerMonth) {
    const value = min === max ? formatInteger(min) : `${formatInteger(min)}–${formatInteger(max)}`;
    figures.push({ value, label: labels.leadsPerMonth });
  }
  const conversion = sector.stats?.conversionRate;
  if (isFiniteNumber(conversion) && labels.conversionRate) {
    figures.push({ value: formatPercent(conversion), label: labels.conversionRate });
  }
  const cost = sector.stats?.costPerLead;
  if (figures.length < 2 && isFiniteNumber(cost) && labels.costPerLead) {
    figures.push({ value: `${formatInteger(cost)}\u00a0€`, label: labels.costPerLead });
  }
  return figures;
}

function imageRef(image: Maybe<CardImageSource>): string | undefined {
  const asset = image?.asset;
  const ref = asset?._ref;
  if (!ref) return undefined;
  // Crop and hotspot change the served picture too.
  return JSON.stringify([ref, image?.crop ?? null, image?.hotspot ?? null]);
}

/**
 * The card of any page, from its SEO fields, the site settings and (on a sector page) the sector or
 * (on a campaign page) its hero.
 */
export function cardContent({
  settings,
  seo,
  sector,
  hero,
}: {
  settings: Maybe<CardSettings>;
  seo: Maybe<CardSeo>;
  sector?: Maybe<SectorCardSource>;
  hero?: Maybe<HeroCardSource>;
}): CardContent {
  const siteName = settings?.siteName?.trim() || "";
  const fallback = settings?.defaultSeo;
  const figures = sector ? sectorFigures(sector) : [];
  const kicker = sector?.sectorName?.trim() || hero?.badge?.trim() || undefined;
  const descriptionText = hero?.text || seo?.description || fallback?.description;
  const ref = imageRef(seo?.image);
  const heading = hero?.heading?.trim();
  return {
    siteName,
    title: heading ? clip(heading, MAX_TITLE) : cardTitle(seo?.title || fallback?.title, siteName),
    ...(kicker ? { kicker } : {}),
    ...(figures.length === 0 && descriptionText ? { description: clip(descriptionText, MAX_DESCRIPTION) } : {}),
    figures,
    ...(ref ? { imageRef: ref, imageAlt: seo?.image?.alt?.trim() || undefined } : {}),
  };
}

/** A short, stable hash (FNV-1a, 32 bits, base 36) of what the card draws and of the template version. */
export function cardHash(content: CardContent): string {
  const text = JSON.stringify([CARD_TEMPLATE_VERSION, content]);
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36).padStart(7, "0");
}

/** The page key of a site path: '/' → 'index', '/sectores/x' → 'sectores/x'. */
export function cardKey(path: string): string {
  const trimmed = path.replace(/^\/+|\/+$/g, "");
  return trimmed || "index";
}

/** The card of the not-found page and any page without its own: the site's default SEO. */
export const SITE_CARD_KEY = "sitio";

/** The card's path with its content hash: a generated PNG, or the editor's image as JPEG. */
export function cardPath(key: string, content: CardContent): string {
  return `/social/${key}.${content.imageRef ? "jpg" : "png"}?v=${cardHash(content)}`;
}

/** The words a screen reader or a preview without images gets for the card. */
export function cardAlt(content: CardContent): string {
  if (content.imageAlt) return content.imageAlt;
  const parts = [content.title, content.kicker, ...content.figures.map((figure) => `${figure.value} ${figure.label}`)];
  return [...new Set(parts.filter(Boolean))].join(" · ") + (content.siteName ? ` — ${content.siteName}` : "");
}
