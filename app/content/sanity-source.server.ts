/**
 * Sanity's Content Lake through @sanity/client, published perspective, with an in-memory result cache
 * that the revalidate webhook drops.
 */
import { createClient } from "@sanity/client";
import type { SanitySettings } from "~/lib/env.server";
import type { ContentSource, QueryParams } from "./source.server";

export function createSanitySource(settings: SanitySettings, onChange: () => void): ContentSource {
  const client = createClient({
    projectId: settings.projectId,
    dataset: settings.dataset,
    apiVersion: settings.apiVersion,
    perspective: "published",
    ...(settings.apiHost
      ? { apiHost: settings.apiHost, useProjectHostname: false, useCdn: false }
      : { useCdn: !settings.token }),
    token: settings.token,
  });
  const results = new Map<string, Promise<unknown>>();

  return {
    kind: "sanity",
    fetch<T>(query: string, params: QueryParams = {}): Promise<T> {
      const key = `${query}\u0000${JSON.stringify(params)}`;
      let result = results.get(key);
      if (!result) {
        result = client.fetch<T>(query, params);
        results.set(key, result);
        result.catch(() => results.delete(key));
      }
      return result as Promise<T>;
    },
    invalidate() {
      results.clear();
      onChange();
    },
    close() {},
  };
}
