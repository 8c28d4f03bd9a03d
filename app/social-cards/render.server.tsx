/**
 * Draws a card: the JSX template → SVG with satori (text turned into paths with the Inter files shipped
 * in app/social-cards/fonts, never a system or fetched font) → PNG with sharp.
 */
import fs from "node:fs/promises";
import path from "node:path";

import satori, { type SatoriOptions } from "satori";
import sharp from "sharp";

import { CARD_HEIGHT, CARD_WIDTH, type CardContent } from "./card-content";
import { CardTemplate } from "./CardTemplate";

/** Resolved from the working directory: the server runs from the repository root (docs/social-cards.md). */
export function fontsDirectory(): string {
  return path.join(process.cwd(), "app", "social-cards", "fonts");
}

const WEIGHTS = [500, 700, 800] as const;

let fonts: Promise<SatoriOptions["fonts"]> | null = null;

function loadFonts(): Promise<SatoriOptions["fonts"]> {
  fonts ??= Promise.all(
    WEIGHTS.map(async (weight) => ({
      name: "Inter",
      weight,
      style: "normal" as const,
      data: await fs.readFile(path.join(fontsDirectory(), `inter-latin-${weight}-normal.woff`)),
    })),
  ).catch((error: unknown) => {
    fonts = null;
    throw error;
  });
  return fonts;
}

export async function renderCardSvg(content: CardContent): Promise<string> {
  return satori(<CardTemplate content={content} />, {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: await loadFonts(),
  });
}

export async function renderCardPng(content: CardContent): Promise<Buffer> {
  const svg = await renderCardSvg(content);
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
}
