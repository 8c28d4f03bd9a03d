/**
 * What a draft preview answer adds to its document, and only a preview answer (app/entry.server.tsx):
 * the preview bar (server markup, works without JavaScript) and the preview client's stylesheet and
 * script (scripts/build-preview-client.mjs writes their hashed names to build/preview-client.json).
 * The bar goes at the end of <body>, outside what React renders: React 18 leaves extra nodes at the end
 * of <body> alone when it hydrates, and no public bundle holds a byte of it (docs/preview.md).
 */
import fs from "node:fs";
import path from "node:path";

import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

import { log } from "~/lib/log.server";

import { ExperimentFigures, type ExperimentFiguresProps } from "./ExperimentFigures";
import { PREVIEW_BAR_ID, previewExitHref } from "./preview-paths";

interface PreviewClient {
  script: string;
  stylesheet: string;
}

let client: PreviewClient | null | undefined;

/** The built preview client's URLs, read once; null (bar without overlay) when the build has none. */
function previewClient(): PreviewClient | null {
  if (client !== undefined) return client;
  try {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(process.cwd(), "build", "preview-client.json"), "utf8"),
    ) as Partial<PreviewClient>;
    const valid = (url: unknown): url is string => typeof url === "string" && /^\/build\/[\w.-]+$/.test(url);
    client = valid(manifest.script) && valid(manifest.stylesheet) ? (manifest as PreviewClient) : null;
  } catch {
    client = null;
  }
  if (!client) log("warn", "preview client not built: preview pages show the bar without click-to-edit");
  return client;
}

/**
 * The bar, the preview client's stylesheet and script, as one piece of HTML; on a path under an A/B
 * experiment, also its figures and the links that switch variants.
 */
export function previewBarHtml(pathname: string, experiment: ExperimentFiguresProps | null = null): string {
  const assets = previewClient();
  return [
    assets ? `<link rel="stylesheet" href="${assets.stylesheet}"/>` : "",
    `<div class="site-preview-spacer" aria-hidden="true"></div>`,
    `<div id="${PREVIEW_BAR_ID}" class="site-preview-bar" role="region" aria-label="Vista previa">`,
    `<p>Vista previa: estás viendo borradores</p>`,
    `<a href="${previewExitHref(pathname)}">Salir de la vista previa</a>`,
    experiment ? renderToStaticMarkup(createElement(ExperimentFigures, experiment)) : "",
    `</div>`,
    assets ? `<script type="module" src="${assets.script}"></script>` : "",
  ].join("");
}

/** A rendered document with the preview bar and client added at the end of its body. */
export function withPreviewBar(
  html: string,
  pathname: string,
  experiment: ExperimentFiguresProps | null = null,
): string {
  const end = html.lastIndexOf("</body>");
  return end === -1 ? html : `${html.slice(0, end)}${previewBarHtml(pathname, experiment)}${html.slice(end)}`;
}
