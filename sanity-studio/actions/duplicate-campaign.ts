/**
 * 'Duplicar página' on a campaign page: one click makes a draft copy with a free address
 * (`<slug>-copia`, then `-copia-2`…) and the title marked '(copia)', keeping every block (and its keys,
 * so an experiment's variants start identical), then opens it. The plan is a pure function; the action
 * wraps it with the Studio's client and router.
 */
import { CopyIcon } from "@sanity/icons";
import { useCallback, useState } from "react";
import { type DocumentActionComponent, type DocumentActionProps, useClient } from "sanity";
import { useRouter } from "sanity/router";
import { CAMPAIGN_SLUG_MAX_LENGTH } from "../../app/lib/site-paths";

export interface CampaignDocument {
  _id?: string;
  _type?: string;
  title?: string;
  slug?: { _type?: string; current?: string };
  [field: string]: unknown;
}

/** The first `<slug>-copia[-n]` no page in `taken` uses, within the slug's length limit. */
export function copySlug(slug: string, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? "-copia" : `-copia-${n}`;
    const candidate = `${slug.slice(0, CAMPAIGN_SLUG_MAX_LENGTH - suffix.length).replace(/[-/]+$/, "")}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The copy's draft document: new id, free slug, '(copia)' title, everything else as in `source`. */
export function planDuplicate(source: CampaignDocument, taken: ReadonlySet<string>, newId: string): CampaignDocument {
  const { _id: _ignoredId, _rev: _ignoredRev, _createdAt: _c, _updatedAt: _u, ...fields } = source;
  const slug = source.slug?.current ? copySlug(source.slug.current, taken) : undefined;
  return {
    ...fields,
    _id: `drafts.${newId}`,
    _type: "campaignPage",
    title: `${source.title ?? "Página de campaña"} (copia)`,
    ...(slug ? { slug: { _type: "slug", current: slug } } : {}),
  };
}

export const DuplicateCampaignAction: DocumentActionComponent = (props: DocumentActionProps) => {
  const client = useClient({ apiVersion: "2025-02-19" });
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const source = (props.draft ?? props.published) as CampaignDocument | null;
  const onHandle = useCallback(async () => {
    if (!source) return;
    setBusy(true);
    try {
      const slugs = await client.fetch<string[]>(`*[_type == "campaignPage" && defined(slug.current)].slug.current`);
      const id = `campaignPage.${crypto.randomUUID()}`;
      const copy = planDuplicate(source, new Set(slugs), id);
      await client.create(copy as CampaignDocument & { _id: string; _type: string });
      router.navigateIntent("edit", { id, type: "campaignPage" });
    } finally {
      setBusy(false);
      props.onComplete();
    }
  }, [client, router, source, props]);
  return {
    label: busy ? "Duplicando…" : "Duplicar página",
    icon: CopyIcon,
    disabled: !source || busy,
    title: "Crea una copia en borrador con otra dirección, p. ej. para una variante de la campaña.",
    onHandle: () => void onHandle(),
  };
};
DuplicateCampaignAction.action = "duplicate";
