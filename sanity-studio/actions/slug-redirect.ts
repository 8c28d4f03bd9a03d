/**
 * Renaming a published sector page's slug keeps its old address working: publishing the rename also
 * publishes a permanent redirect from the old path to the new one (and points older redirects that
 * led to the old path straight at the new one). The plan is a pure function; the action wraps the
 * Studio's own publish action.
 */
import { useCallback } from "react";
import { type DocumentActionComponent, type DocumentActionProps, useClient } from "sanity";
import { normalizeSitePath } from "../schemaTypes/redirect-paths";

export const SECTOR_PATH_PREFIX = "/sectores/";

export interface ExistingRedirect {
  _id: string;
  source?: string | null;
  destination?: string | null;
  enabled?: boolean | null;
}

export interface RedirectDocument {
  _id: string;
  _type: "redirect";
  source: string;
  destination: string;
  permanent: boolean;
  enabled: boolean;
}

export interface SlugRedirectPlan {
  /** A new redirect document, unless one from the old path exists (then it is among `patches`). */
  create: RedirectDocument | null;
  patches: { id: string; set: Partial<Omit<RedirectDocument, "_id" | "_type">> }[];
}

/**
 * What publishing a slug change from `previousSlug` (published) to `nextSlug` (draft) must do to the
 * redirects, or null when the address does not change (first publish, same slug, no slug).
 */
export function planSlugRedirect(
  previousSlug: string | null | undefined,
  nextSlug: string | null | undefined,
  existing: readonly ExistingRedirect[],
): SlugRedirectPlan | null {
  if (!previousSlug || !nextSlug || previousSlug === nextSlug) return null;
  const oldPath = `${SECTOR_PATH_PREFIX}${previousSlug}`;
  const newPath = `${SECTOR_PATH_PREFIX}${nextSlug}`;
  const plan: SlugRedirectPlan = { create: null, patches: [] };
  const fromOld = existing.find((redirect) => normalizeSitePath(redirect.source) === oldPath);
  if (fromOld) plan.patches.push({ id: fromOld._id, set: { destination: newPath, permanent: true, enabled: true } });
  for (const redirect of existing) {
    if (redirect === fromOld) continue;
    // Renamed back: the page lives at that path again, so its redirect away would only loop.
    if (normalizeSitePath(redirect.source) === newPath) {
      if (redirect.enabled !== false) plan.patches.push({ id: redirect._id, set: { enabled: false } });
      continue;
    }
    // Chains stay one hop: whatever led to the old address now leads to the new one.
    if (normalizeSitePath(redirect.destination) === oldPath) {
      plan.patches.push({ id: redirect._id, set: { destination: newPath } });
    }
  }
  if (!fromOld) {
    const ids = new Set(existing.map((redirect) => redirect._id));
    let id = `redirect.sectores-${previousSlug}`;
    for (let n = 2; ids.has(id); n += 1) id = `redirect.sectores-${previousSlug}-${n}`;
    plan.create = { _id: id, _type: "redirect", source: oldPath, destination: newPath, permanent: true, enabled: true };
  }
  return plan;
}

type SlugDocument = { slug?: { current?: string } } | null | undefined;

/** The Studio's publish action for sector pages, creating the rename's redirect first. */
export function withSlugRedirect(publish: DocumentActionComponent): DocumentActionComponent {
  const SlugRedirectPublish: DocumentActionComponent = (props: DocumentActionProps) => {
    const client = useClient({ apiVersion: "2025-02-19" });
    const original = publish(props);
    const previousSlug = (props.published as SlugDocument)?.slug?.current;
    const nextSlug = (props.draft as SlugDocument)?.slug?.current;
    const originalHandle = original?.onHandle;
    const onHandle = useCallback(async () => {
      const existing = await client.fetch<ExistingRedirect[]>(
        `*[_type == "redirect" && !(_id in path("drafts.**"))]{_id, source, destination, enabled}`,
      );
      const plan = planSlugRedirect(previousSlug, nextSlug, existing);
      if (plan) {
        const transaction = client.transaction();
        if (plan.create) transaction.createIfNotExists(plan.create);
        for (const patch of plan.patches) transaction.patch(patch.id, { set: patch.set });
        await transaction.commit();
      }
      originalHandle?.();
    }, [client, previousSlug, nextSlug, originalHandle]);
    if (!original) return null;
    return { ...original, onHandle: () => void onHandle() };
  };
  SlugRedirectPublish.action = publish.action;
  return SlugRedirectPublish;
}
