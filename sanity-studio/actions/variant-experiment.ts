/**
 * 'Probar una variante' on a campaign page: in one transaction, a copy of the page (a draft with its own
 * slug, to be edited into the variant) and a paused experiment whose control is this page and whose
 * second variant is the copy; then the Studio opens the experiment. The plan is a pure function; the
 * action runs it. Nothing is live until the editor publishes the copy and sets the experiment running.
 */
import { useCallback, useState } from "react";
import { type DocumentActionComponent, type DocumentActionProps, useClient } from "sanity";
import { useRouter } from "sanity/router";
import { type CampaignDocument, planDuplicate } from "./duplicate-campaign";

interface Reference {
  _type: "reference";
  _ref: string;
  _weak?: true;
  _strengthenOnPublish?: { type: string };
}

export interface VariantExperimentPlan {
  page: CampaignDocument;
  experiment: {
    _id: string;
    _type: "experiment";
    name: string;
    key: string;
    status: "paused";
    variants: {
      _key: string;
      _type: "experimentVariant";
      key: string;
      label: string;
      weight: number;
      page: Reference;
    }[];
  };
}

function reference(id: string, published: boolean): Reference {
  // A page not yet published can only be referenced weakly; publishing it makes the reference strong.
  return published
    ? { _type: "reference", _ref: id }
    : { _type: "reference", _ref: id, _weak: true, _strengthenOnPublish: { type: "campaignPage" } };
}

function firstFree(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/**
 * The copy ('Duplicar página''s, titled as the variant) and the experiment for a campaign page. `page` is
 * the page as the editor sees it (draft or published), `publishedId` its id without `drafts.`,
 * `isPublished` whether it is live. `takenSlugs` and `takenKeys` are the campaign slugs and experiment
 * keys already in use; `newId()` makes document ids.
 */
export function planVariantExperiment(
  page: CampaignDocument,
  {
    publishedId,
    isPublished,
    takenSlugs,
    takenKeys,
    newId,
  }: {
    publishedId: string;
    isPublished: boolean;
    takenSlugs: ReadonlySet<string>;
    takenKeys: ReadonlySet<string>;
    newId: () => string;
  },
): VariantExperimentPlan {
  const slug = page.slug?.current?.trim() || "pagina";
  const copyId = `campaignPage.${newId()}`;
  const copy = { ...planDuplicate(page, takenSlugs, copyId), title: `${page.title ?? slug} (variante B)` };
  const key = firstFree(slug.replace(/\//g, "-").slice(0, 56).replace(/-+$/, ""), takenKeys);
  return {
    page: copy,
    experiment: {
      _id: `drafts.experiment.${newId()}`,
      _type: "experiment",
      name: `Prueba de ${page.title ?? slug}`,
      key,
      status: "paused",
      variants: [
        {
          _key: "a",
          _type: "experimentVariant",
          key: "a",
          label: "Original",
          weight: 50,
          page: reference(publishedId, isPublished),
        },
        {
          _key: "b",
          _type: "experimentVariant",
          key: "b",
          label: "Variante B",
          weight: 50,
          page: reference(copyId, false),
        },
      ],
    },
  };
}

export const VariantExperimentAction: DocumentActionComponent = (props: DocumentActionProps) => {
  const client = useClient({ apiVersion: "2025-02-19" });
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const page = (props.draft ?? props.published) as CampaignDocument | null;
  const onHandle = useCallback(async () => {
    if (!page) return;
    setBusy(true);
    try {
      const taken = await client.fetch<{ slugs: string[]; keys: string[] }>(
        `{"slugs": *[_type == "campaignPage" && defined(slug.current)].slug.current, "keys": *[_type == "experiment" && defined(key)].key}`,
      );
      const plan = planVariantExperiment(page, {
        publishedId: props.id,
        isPublished: Boolean(props.published),
        takenSlugs: new Set(taken.slugs),
        takenKeys: new Set(taken.keys),
        newId: () => crypto.randomUUID(),
      });
      await client
        .transaction()
        .create(plan.page as CampaignDocument & { _id: string; _type: string })
        .create(plan.experiment)
        .commit();
      router.navigateIntent("edit", { id: plan.experiment._id.replace(/^drafts\./, ""), type: "experiment" });
    } finally {
      setBusy(false);
      props.onComplete();
    }
  }, [client, page, props, router]);
  return {
    label: "Probar una variante",
    title: "Duplica esta página como variante B y crea un experimento A/B en pausa con las dos.",
    disabled: !page || busy,
    onHandle: () => void onHandle(),
  };
};
