/**
 * Renaming a published page's address keeps the old one working, for every type with a public path
 * (app/lib/site-paths.ts `PUBLIC_PATH_RULES`: sector pages, campaign pages): publishing the rename also
 * publishes a permanent redirect from the old path to the new one (and points older redirects that led
 * to the old path straight at the new one), so ads and shared links never land on the 404 page. A page
 * that was never published had no live address: its renames make no redirect. The plan is a pure
 * function; the action wraps the Studio's own publish action.
 */
import { useCallback } from "react";
import { type DocumentActionComponent, type DocumentActionProps, type SanityClient, useClient } from "sanity";
import { PUBLIC_PATH_RULES, type PublicPathType } from "../../app/lib/site-paths";
import { normalizeSitePath } from "../schemaTypes/redirect-paths";

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

/** The readable part of a new redirect's id: the old path's segments joined by hyphens. */
function idOfPath(path: string): string {
  return `redirect.${path.replace(/^\/+/, "").replace(/[^a-z0-9_-]+/gi, "-")}`;
}

/**
 * What publishing a slug change from `previousSlug` (published) to `nextSlug` (draft) of a `type`
 * document must do to the redirects, or null when the address does not change (never published, same
 * slug, no slug).
 */
export function planSlugRedirect(
  type: PublicPathType,
  previousSlug: string | null | undefined,
  nextSlug: string | null | undefined,
  existing: readonly ExistingRedirect[],
): SlugRedirectPlan | null {
  if (!previousSlug || !nextSlug || previousSlug === nextSlug) return null;
  const pathOf = PUBLIC_PATH_RULES[type];
  const oldPath = pathOf(previousSlug);
  const newPath = pathOf(nextSlug);
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
    const base = idOfPath(oldPath);
    let id = base;
    for (let n = 2; ids.has(id); n += 1) id = `${base}-${n}`;
    plan.create = { _id: id, _type: "redirect", source: oldPath, destination: newPath, permanent: true, enabled: true };
  }
  return plan;
}

type SlugDocument = { slug?: { current?: string } } | null | undefined;

/**
 * Writes the rename's redirects before the publish: `published` is the live document (null when the
 * page was never published), `draft` what is about to be published. Returns the plan it committed.
 */
export async function redirectRenamedPage(
  client: Pick<SanityClient, "fetch" | "transaction">,
  type: PublicPathType,
  published: SlugDocument,
  draft: SlugDocument,
): Promise<SlugRedirectPlan | null> {
  const previousSlug = published?.slug?.current;
  const nextSlug = draft?.slug?.current;
  if (!previousSlug || !nextSlug || previousSlug === nextSlug) return null;
  const existing = await client.fetch<ExistingRedirect[]>(
    `*[_type == "redirect" && !(_id in path("drafts.**"))]{_id, source, destination, enabled}`,
  );
  const plan = planSlugRedirect(type, previousSlug, nextSlug, existing);
  if (plan) {
    const transaction = client.transaction();
    if (plan.create) transaction.createIfNotExists(plan.create);
    for (const patch of plan.patches) transaction.patch(patch.id, { set: patch.set });
    await transaction.commit();
  }
  return plan;
}

/** The Studio's publish action for a `type` page, creating the rename's redirect first. */
export function withSlugRedirect(publish: DocumentActionComponent, type: PublicPathType): DocumentActionComponent {
  const SlugRedirectPublish: DocumentActionComponent = (props: DocumentActionProps) => {
    const client = useClient({ apiVersion: "2025-02-19" });
    const original = publish(props);
    const published = props.published as SlugDocument;
    const draft = props.draft as SlugDocument;
    const originalHandle = original?.onHandle;
    const onHandle = useCallback(async () => {
      await redirectRenamedPage(client, type, published, draft);
      originalHandle?.();
    }, [client, published, draft, originalHandle]);
    if (!original) return null;
    return { ...original, onHandle: () => void onHandle() };
  };
  SlugRedirectPublish.action = publish.action;
  return SlugRedirectPublish;
}
