/**
 * Renaming a published page's address keeps the old one working, for every type with a public path
 * (app/lib/site-paths.ts `PUBLIC_PATH_RULES`: sector pages, campaign pages): publishing the rename also
 * publishes a permanent redirect from the old path to the new one (and points older redirects, and their
 * drafts, that led to the old path straight at the new one), so ads and shared links never land on the
 * 404 page: the page and its redirects go live in one transaction or not at all, and a failure is told
 * to the editor. A page that was never published had no live address: its renames make no redirect. The
 * plan is a pure function; the action wraps the Studio's own publish action.
 */
import { useToast } from "@sanity/ui";
import { useCallback, useState } from "react";
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

const DRAFTS = "drafts.";
const publishedIdOf = (id: string) => (id.startsWith(DRAFTS) ? id.slice(DRAFTS.length) : id);

/**
 * What publishing a slug change from `previousSlug` (published) to `nextSlug` (draft) of a `type`
 * document must do to the redirects, or null when the address does not change (never published, same
 * slug, no slug). `existing` holds published redirects and their drafts (`drafts.` ids): a redirect's
 * draft gets the same change as its published document, so publishing it later cannot bring a chain
 * or a loop back.
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
  // The live redirect from the old address, reused; drafts of redirects from it get the same change.
  const fromOld = existing.find(
    (redirect) => !redirect._id.startsWith(DRAFTS) && normalizeSitePath(redirect.source) === oldPath,
  );
  const repoint = { destination: newPath, permanent: true, enabled: true };
  if (fromOld) plan.patches.push({ id: fromOld._id, set: repoint });
  for (const redirect of existing) {
    const source = normalizeSitePath(redirect.source);
    if (source === oldPath) {
      if (redirect._id.startsWith(DRAFTS)) plan.patches.push({ id: redirect._id, set: repoint });
      continue;
    }
    // Renamed back: the page lives at that path again, so its redirect away would only loop.
    if (source === newPath) {
      if (redirect.enabled !== false) plan.patches.push({ id: redirect._id, set: { enabled: false } });
      continue;
    }
    // Chains stay one hop: whatever led to the old address now leads to the new one.
    if (normalizeSitePath(redirect.destination) === oldPath) {
      plan.patches.push({ id: redirect._id, set: { destination: newPath } });
    }
  }
  if (!fromOld) {
    const ids = new Set(existing.map((redirect) => publishedIdOf(redirect._id)));
    const base = idOfPath(oldPath);
    let id = base;
    for (let n = 2; ids.has(id); n += 1) id = `${base}-${n}`;
    plan.create = { _id: id, _type: "redirect", source: oldPath, destination: newPath, permanent: true, enabled: true };
  }
  return plan;
}

type SlugDocument = { _id?: string; _rev?: string; slug?: { current?: string } } | null | undefined;

/** Every redirect, published and draft (the raw perspective: drafts keep their `drafts.` id). */
const REDIRECTS_QUERY = `*[_type == "redirect" && !(_id in path("versions.**"))]{_id, source, destination, enabled}`;

/** The part of the Studio's client the publish uses (a fake one in the tests). */
export type PublishClient = Pick<SanityClient, "fetch" | "transaction">;

/**
 * Publishes a renamed page and its redirects in one transaction, the way the Studio's own publish writes
 * a document (the draft becomes the published document, the draft goes; both only if unchanged since the
 * editor pressed «Publicar»): either everything is live or nothing changed. `published` is the live
 * document, `draft` what is published. Returns the redirect plan, or null when the address did not change
 * and nothing was written (the Studio's own publish does that one).
 */
export async function publishRenamedPage(
  client: PublishClient,
  type: PublicPathType,
  published: SlugDocument,
  draft: SlugDocument,
): Promise<SlugRedirectPlan | null> {
  const previousSlug = published?.slug?.current;
  const nextSlug = draft?.slug?.current;
  if (!draft?._id || !published?._id || !previousSlug || !nextSlug || previousSlug === nextSlug) return null;
  const existing = await client.fetch<ExistingRedirect[]>(REDIRECTS_QUERY, {}, { perspective: "raw" });
  const plan = planSlugRedirect(type, previousSlug, nextSlug, existing);
  if (!plan) return null;
  const { _updatedAt: _u, ...document } = strengthenOnPublish(draft) as Record<string, unknown>;
  const transaction = client.transaction();
  // Revision locks (as the Studio's publish does): a change made meanwhile fails the whole transaction.
  if (published._rev) transaction.patch(published._id, { unset: [REVISION_LOCK], ifRevisionID: published._rev });
  if (draft._rev) transaction.patch(draft._id, { unset: [REVISION_LOCK], ifRevisionID: draft._rev });
  transaction.createOrReplace({ ...document, _id: published._id } as { _id: string; _type: string });
  transaction.delete(draft._id);
  if (plan.create) transaction.createIfNotExists(plan.create);
  for (const patch of plan.patches) transaction.patch(patch.id, { set: patch.set });
  await transaction.commit({ visibility: "sync" });
  return plan;
}

/**
 * What the Studio's publish does to references made to documents not yet published (`_weak` with
 * `_strengthenOnPublish`): they become strong, unless they asked to stay weak.
 */
export function strengthenOnPublish(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(strengthenOnPublish);
  if (!value || typeof value !== "object") return value;
  const record = value as Record<string, unknown>;
  if (typeof record._ref === "string" && record._strengthenOnPublish) {
    const { _strengthenOnPublish: how, _weak: _w, ...rest } = record;
    return (how as { weak?: boolean }).weak ? { ...rest, _weak: true } : rest;
  }
  return Object.fromEntries(Object.entries(record).map(([key, item]) => [key, strengthenOnPublish(item)]));
}

/** A field no document has: unsetting it changes nothing, and lets a patch carry `ifRevisionID`. */
const REVISION_LOCK = "_revision_lock_pseudo_field_";

/** What the editor reads when the publish failed (nothing was changed). */
export function publishFailureMessage(error: unknown): { title: string; description: string } {
  const conflict = /revision|409|conflict/i.test(String((error as Error)?.message ?? error));
  return {
    title: "No se ha publicado: nada ha cambiado en la web",
    description: conflict
      ? "El documento ha cambiado mientras publicabas (otra persona o otra pestaña). Revisa los cambios y vuelve a pulsar «Publicar»."
      : "No se pudo publicar el cambio de dirección ni su redirección. Comprueba tu conexión y vuelve a pulsar «Publicar».",
  };
}

/**
 * The Studio's publish action for a `type` page. A rename of a live page is published with its redirects
 * in one transaction (publishRenamedPage), and a failure is shown to the editor; any other publish is the
 * Studio's own.
 */
export function withSlugRedirect(publish: DocumentActionComponent, type: PublicPathType): DocumentActionComponent {
  const SlugRedirectPublish: DocumentActionComponent = (props: DocumentActionProps) => {
    const client = useClient({ apiVersion: "2025-02-19" });
    const toast = useToast();
    const [publishing, setPublishing] = useState(false);
    const original = publish(props);
    const published = props.published as SlugDocument;
    const draft = props.draft as SlugDocument;
    const originalHandle = original?.onHandle;
    const { onComplete } = props;
    const renamed =
      !props.release &&
      Boolean(published?.slug?.current && draft?.slug?.current && published.slug.current !== draft.slug.current);
    const onHandle = useCallback(async () => {
      if (!renamed) return originalHandle?.();
      setPublishing(true);
      try {
        await publishRenamedPage(client, type, published, draft);
        toast.push({ status: "success", title: "Publicado, con la redirección desde la dirección anterior" });
      } catch (error) {
        toast.push({ status: "error", closable: true, duration: 15_000, ...publishFailureMessage(error) });
      } finally {
        setPublishing(false);
        onComplete();
      }
    }, [renamed, client, published, draft, originalHandle, onComplete, toast]);
    if (!original) return null;
    return {
      ...original,
      ...(publishing ? { label: "Publicando…", disabled: true } : {}),
      onHandle: () => void onHandle(),
    };
  };
  SlugRedirectPublish.action = publish.action;
  return SlugRedirectPublish;
}
