/**
 * Checks a Presentation tool preview URL with Sanity's own validatePreviewUrl. On Sanity it queries the
 * Content Lake with the read token; on the embedded dataset it runs the package's own GROQ on groq-js
 * over the raw documents the content source already holds in memory (where the Studio's
 * `sanity.previewUrlSecret` drafts live: lines of the NDJSON file), through a client-shaped adapter with
 * just the methods the package calls. A handshake there costs a `stat` of the file and a lookup by type,
 * never a parse: the file is read again only when it changed (the Studio just wrote a secret).
 */
import type { SanityClient } from "@sanity/client";
import { validatePreviewUrl } from "@sanity/preview-url-secret";

import { sanitySettings } from "~/lib/env.server";
import { safeRedirectTarget } from "~/lib/redirect-target";

import type { QueryParams } from "./content-source.server";
import { createSanityClient } from "./sanity-client.server";
import { contentSource } from "./source.server";

function localSecretClient(): SanityClient | null {
  const source = contentSource();
  const queryRaw = source.queryRaw?.bind(source);
  if (!queryRaw) return null;
  const adapter = {
    config: () => ({ token: "embedded-dataset" }),
    withConfig: () => adapter,
    fetch: (query: string, params: QueryParams) => queryRaw(query, params),
  };
  return adapter as unknown as SanityClient;
}

function previewClient(): SanityClient | null {
  const settings = sanitySettings();
  if (!settings) return localSecretClient();
  return settings.token ? createSanityClient(settings) : null;
}

/** The path to open in preview, or null when the secret is wrong, expired or cannot be checked. */
export async function checkPreviewUrl(url: string): Promise<string | null> {
  const client = previewClient();
  if (!client) return null;
  try {
    const result = await validatePreviewUrl(client, url);
    return result.isValid ? safeRedirectTarget(result.redirectTo) : null;
  } catch {
    return null;
  }
}
