/**
 * Offline validation of NDJSON datasets against the Studio schema: the same `validateDocument` the
 * Studio runs, with a client stand-in that answers GROQ from the dataset itself (groq-js), so slug
 * and plan-key uniqueness and reference checks behave as they would against the Content Lake.
 */
import { readFileSync } from "node:fs";
import { evaluate, parse } from "groq-js";
import { createSchema, validateDocument } from "sanity";
import type { SanityClient, SanityDocument, Schema, ValidationMarker, Workspace } from "sanity";
import { schemaTypes } from "../../schemaTypes";

export type DatasetDocument = SanityDocument & Record<string, unknown>;

export const SEED_FILE = new URL("../../seed/production.ndjson", import.meta.url);

/** Parses an NDJSON export: one document per non-empty line. */
export function readNdjson(file: URL | string): DatasetDocument[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line, index) => {
      try {
        return JSON.parse(line) as DatasetDocument;
      } catch (error) {
        throw new Error(`line ${index + 1}: ${(error as Error).message}`);
      }
    });
}

let compiled: Schema | undefined;

/** The Studio schema, compiled once per test file. */
export function studioSchema(): Schema {
  compiled ??= createSchema({ name: "default", types: schemaTypes });
  return compiled;
}

/** A read-only client that evaluates GROQ over `documents` (the only calls validation makes). */
export function createDatasetClient(documents: readonly DatasetDocument[]): SanityClient {
  const client = {
    withConfig: () => client,
    config: () => ({ apiVersion: "2025-02-19", dataset: "offline", projectId: "offline" }),
    async fetch(query: string, params: Record<string, unknown> = {}) {
      const tree = parse(query, { params });
      const result = await evaluate(tree, { dataset: documents as unknown as object[], params });
      return result.get();
    },
  };
  return client as unknown as SanityClient;
}

export interface Problem {
  id: string;
  path: string;
  level: ValidationMarker["level"];
  message: string;
}

function formatPath(path: ValidationMarker["path"]): string {
  return path
    .map((segment) =>
      typeof segment === "string"
        ? `.${segment}`
        : typeof segment === "number"
          ? `[${segment}]`
          : "_key" in segment
            ? `[_key=="${segment._key}"]`
            : `[${segment.join(":")}]`,
    )
    .join("")
    .replace(/^\./, "");
}

/**
 * Validates every document of `documents` (or only `only`, against the whole dataset) and returns
 * every error and warning. An empty list means the dataset is publishable as is.
 */
export async function validateDataset(
  documents: readonly DatasetDocument[],
  only: readonly DatasetDocument[] = documents,
): Promise<Problem[]> {
  const schema = studioSchema();
  const client = createDatasetClient(documents);
  const ids = new Set(documents.map((document) => document._id));
  const workspace = { schema, getClient: () => client } as unknown as Workspace;
  const problems: Problem[] = [];
  for (const document of only) {
    const markers = await validateDocument({
      document,
      workspace,
      environment: "cli",
      getClient: () => client,
      getDocumentExists: async ({ id }) => ids.has(id),
    });
    for (const marker of markers) {
      if (marker.level === "info") continue;
      problems.push({ id: document._id, path: formatPath(marker.path), level: marker.level, message: marker.message });
    }
  }
  return problems;
}

export const describeProblems = (problems: readonly Problem[]) =>
  problems.map((p) => `${p.id} ${p.path || "(document)"}: ${p.message} [${p.level}]`).join("\n");
