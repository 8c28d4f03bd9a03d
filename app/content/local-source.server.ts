/**
 * The embedded content source: a Sanity NDJSON export evaluated with groq-js. Drafts are excluded,
 * like the published perspective. The file is polled once a second so an edit is live within 5 s.
 */
import fs from "node:fs";
import { evaluate, parse } from "groq-js";
import { imagesDirOf, withLocalImageAssets } from "./local-assets.server";
import type { ContentSource, QueryParams } from "./source.server";

type SanityDocument = { _id: string; _type: string; [key: string]: unknown };

export function parseNdjson(text: string): SanityDocument[] {
  const documents: SanityDocument[] = [];
  for (const line of text.split("\n")) {
    const trimmed = line.trim();
    if (!trimmed) continue;
    const document = JSON.parse(trimmed) as SanityDocument;
    if (typeof document._id !== "string" || document._id.startsWith("drafts.")) continue;
    documents.push(document);
  }
  return documents;
}

const POLL_INTERVAL_MS = 1000;

export function createLocalSource(file: string, onChange: () => void): ContentSource {
  let dataset: SanityDocument[] | null = null;
  const results = new Map<string, Promise<unknown>>();

  const load = (): SanityDocument[] =>
    (dataset ??= withLocalImageAssets(parseNdjson(fs.readFileSync(file, "utf8")), imagesDirOf(file)));

  const invalidate = () => {
    dataset = null;
    results.clear();
    onChange();
  };

  const listener = (current: fs.Stats, previous: fs.Stats) => {
    if (current.mtimeMs !== previous.mtimeMs || current.size !== previous.size) invalidate();
  };
  fs.watchFile(file, { interval: POLL_INTERVAL_MS, persistent: false }, listener);

  return {
    kind: "local",
    fetch<T>(query: string, params: QueryParams = {}): Promise<T> {
      const key = `${query}\u0000${JSON.stringify(params)}`;
      let result = results.get(key);
      if (!result) {
        result = (async () => {
          const tree = parse(query, { params });
          const value = await evaluate(tree, { dataset: load(), params });
          return value.get();
        })();
        results.set(key, result);
        result.catch(() => results.delete(key));
      }
      return result as Promise<T>;
    },
    invalidate,
    close() {
      fs.unwatchFile(file, listener);
    },
  };
}
