/**
 * Checks a Presentation tool preview URL with Sanity's own validatePreviewUrl. On Sanity it queries the
 * Content Lake with the read token; on the embedded dataset it runs the package's own GROQ on groq-js
 * over the NDJSON file's raw documents (where the Studio's `sanity.previewUrlSecret` drafts live), through
 * a client-shaped adapter with just the methods the package calls.
 */
import fs from "node:fs";

import type { SanityClient } from "@sanity/client";
import { validatePreviewUrl } from "@sanity/preview-url-secret";

import { contentDatasetFile, sanitySettings } from "~/lib/env.server";
import { safeRedirectTarget } from "~/lib/redirect-target";

import type { QueryParams } from "./content-source.server";
import { parseNdjsonRaw, runGroq } from "./local-source.server";
import { createSanityClient } from "./sanity-client.server";

function localSecretClient(): SanityClient {
  const adapter = {
    config: () => ({ token: "embedded-dataset" }),
    withConfig: () => adapter,
    // Read fresh on every handshake: the Studio writes the secret just before it opens the URL.
    fetch: async (query: string, params: QueryParams) =>
      runGroq(parseNdjsonRaw(await fs.promises.readFile(contentDatasetFile(), "utf8")), query, params),
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
