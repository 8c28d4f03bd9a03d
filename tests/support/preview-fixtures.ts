/**
 * Draft preview fixtures: a copy of the seed dataset with what the Studio would write to it: a draft of
 * an existing sector page, a draft-only sector page, a release version (never shown), and the
 * Presentation tool's preview secrets (one fresh, one expired).
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { readDocuments, SEED_FILE, writeDocuments } from "./dataset";

export const DRAFT_SLUG = "construccion";
export const DRAFT_NAME = "Construcción (borrador)";
export const DRAFT_ONLY_SLUG = "solo-borrador-vista-previa";
export const VERSION_SLUG = "solo-en-version";
export const PUBLISHED_NAME_OF = (documents: Array<Record<string, unknown>>) =>
  documents.find((document) => document._id === `sectorPage.${DRAFT_SLUG}`)!.sectorName as string;

export interface PreviewDataset {
  file: string;
  secret: string;
  expiredSecret: string;
  publishedName: string;
}

export function secretDocument(secret: string, updatedAt: Date) {
  return {
    _id: `drafts.sanity-preview-url-secret.${randomUUID()}`,
    _type: "sanity.previewUrlSecret",
    _createdAt: updatedAt.toISOString(),
    _updatedAt: updatedAt.toISOString(),
    secret,
    studioUrl: "http://localhost:3333",
  };
}

export function writePreviewDataset(
  file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "preview-")), "production.ndjson"),
): PreviewDataset {
  const documents = readDocuments(SEED_FILE);
  const published = documents.find((document) => document._id === `sectorPage.${DRAFT_SLUG}`)!;
  const secret = randomUUID();
  const expiredSecret = randomUUID();
  writeDocuments(file, [
    ...documents,
    { ...published, _id: `drafts.sectorPage.${DRAFT_SLUG}`, sectorName: DRAFT_NAME },
    {
      ...published,
      _id: `drafts.sectorPage.${DRAFT_ONLY_SLUG}`,
      slug: { _type: "slug", current: DRAFT_ONLY_SLUG },
      sectorName: "Solo borrador",
    },
    {
      ...published,
      _id: `versions.r1.sectorPage.${VERSION_SLUG}`,
      slug: { _type: "slug", current: VERSION_SLUG },
      sectorName: "Solo en una versión",
    },
    secretDocument(secret, new Date()),
    secretDocument(expiredSecret, new Date(Date.now() - 2 * 60 * 60 * 1000)),
  ]);
  return { file, secret, expiredSecret, publishedName: published.sectorName as string };
}

export function enableUrl(base: string, secret: string, pathname = `/sectores/${DRAFT_SLUG}`): string {
  const url = new URL("/api/preview-mode/enable", base);
  url.searchParams.set("sanity-preview-secret", secret);
  url.searchParams.set("sanity-preview-pathname", pathname);
  url.searchParams.set("sanity-preview-perspective", "drafts");
  return url.href;
}
