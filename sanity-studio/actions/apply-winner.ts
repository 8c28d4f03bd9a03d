/**
 * «Aplicar la ganadora» on an ended experiment whose winner is not the control: the winning variant's
 * page content (its blocks, its header choice and its SEO title and description) goes into the control
 * page as a draft, keeping the control's own name, address, share image, indexing and everything else;
 * the experiment records when and which variant was applied. Nothing is live until the editor reviews
 * and publishes the control page. The plan is a pure function; the action runs it in one transaction.
 */
import { CheckmarkCircleIcon } from "@sanity/icons";
import { useToast } from "@sanity/ui";
import { useCallback, useState } from "react";
import {
  type DocumentActionComponent,
  type DocumentActionProps,
  getPublishedId,
  type SanityClient,
  useClient,
} from "sanity";
import { useRouter } from "sanity/router";

export interface ExperimentDocument {
  _id?: string;
  status?: string;
  winner?: string;
  appliedVariant?: string;
  variants?: { key?: string; label?: string; page?: { _ref?: string } }[];
}

/** A refusal the editor can act on, in Spanish. */
export class ApplyWinnerRefusal extends Error {}

export type PageDocument = { _id: string; _type: string; [field: string]: unknown };

/** What the winner gives the control page: its content, never its identity. */
const CONTENT_FIELDS = ["blocks", "minimalHeader"] as const;
const SEO_TEXTS = ["title", "description"] as const;

/** Why «Aplicar la ganadora» cannot run on this experiment (Spanish), or null when it can. */
export function applyWinnerBlocker(experiment: ExperimentDocument | null | undefined): string | null {
  if (!experiment || experiment.status !== "ended")
    return "Solo se aplica la ganadora de un experimento terminado y publicado.";
  if (!experiment.winner) return "Elige primero la ganadora (y publica el experimento).";
  const variants = experiment.variants ?? [];
  if (variants[0]?.key === experiment.winner) return "La ganadora es el control: la página original ya es la ganadora.";
  const winner = variants.find((variant) => variant.key === experiment.winner);
  if (!winner?.page?._ref || !variants[0]?.page?._ref) return "La ganadora y el control necesitan su página.";
  return null;
}

export interface ApplyWinnerPlan {
  /** The control page's new draft. */
  draft: PageDocument;
  /** What the experiment records. */
  record: { appliedAt: string; appliedVariant: string };
}

/**
 * The control page's draft with the winner's content: `control` is the control as the editor has it
 * (its draft, else the published page), `winner` the winning page as visitors saw it (published).
 */
export function planApplyWinner(
  control: PageDocument,
  winner: PageDocument,
  winnerKey: string,
  now: Date,
): ApplyWinnerPlan {
  const { _rev: _r, _updatedAt: _u, _createdAt: _c, ...kept } = control;
  const draft: PageDocument = { ...kept, _id: `drafts.${getPublishedId(control._id)}` };
  for (const field of CONTENT_FIELDS) {
    if (winner[field] === undefined) delete draft[field];
    else draft[field] = winner[field];
  }
  const controlSeo = (control.seo ?? {}) as Record<string, unknown>;
  const winnerSeo = (winner.seo ?? {}) as Record<string, unknown>;
  const seo: Record<string, unknown> = { ...controlSeo };
  for (const field of SEO_TEXTS) {
    if (winnerSeo[field] === undefined) delete seo[field];
    else seo[field] = winnerSeo[field];
  }
  if (Object.keys(seo).length > 0) draft.seo = { _type: "campaignSeo", ...seo };
  return { draft, record: { appliedAt: now.toISOString(), appliedVariant: winnerKey } };
}

/** Reads both pages, writes the control's draft and the experiment's record in one transaction. */
export async function applyWinner(
  client: Pick<SanityClient, "fetch" | "transaction">,
  experiment: ExperimentDocument & { _id: string },
  { now = new Date(), experimentDraftId }: { now?: Date; experimentDraftId?: string } = {},
): Promise<ApplyWinnerPlan> {
  const blocker = applyWinnerBlocker(experiment);
  if (blocker) throw new ApplyWinnerRefusal(blocker);
  const variants = experiment.variants ?? [];
  const controlId = getPublishedId(variants[0]!.page!._ref!);
  const winnerId = getPublishedId(variants.find((variant) => variant.key === experiment.winner)!.page!._ref!);
  const pages = await client.fetch<{ control: PageDocument | null; winner: PageDocument | null }>(
    `{"control": coalesce(*[_id == "drafts." + $controlId][0], *[_id == $controlId][0]), "winner": *[_id == $winnerId][0]}`,
    { controlId, winnerId },
    { perspective: "raw" },
  );
  if (!pages.control || !pages.winner) {
    throw new ApplyWinnerRefusal("No se encuentra la página del control o la de la ganadora publicada.");
  }
  const plan = planApplyWinner(pages.control, pages.winner, experiment.winner!, now);
  const transaction = client.transaction().createOrReplace(plan.draft);
  transaction.patch(getPublishedId(experiment._id), { set: plan.record });
  if (experimentDraftId) transaction.patch(experimentDraftId, { set: plan.record });
  await transaction.commit({ visibility: "sync" });
  return plan;
}

export const ApplyWinnerAction: DocumentActionComponent = (props: DocumentActionProps) => {
  const client = useClient({ apiVersion: "2025-02-19" });
  const router = useRouter();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  // What visitors get is the published experiment: its winner is what is applied.
  const published = props.published as (ExperimentDocument & { _id: string }) | null;
  const blocker = applyWinnerBlocker(published);
  const { onComplete } = props;
  const draftId = props.draft?._id;
  const onHandle = useCallback(async () => {
    if (!published) return;
    setBusy(true);
    try {
      const plan = await applyWinner(client, published, { experimentDraftId: draftId });
      toast.push({
        status: "success",
        title: "Ganadora aplicada como borrador",
        description: "Revisa la página original y pulsa «Publicar» para que la vean todos.",
      });
      router.navigateIntent("edit", { id: getPublishedId(plan.draft._id), type: String(plan.draft._type) });
    } catch (error) {
      toast.push({
        status: "error",
        closable: true,
        title: "No se ha aplicado la ganadora: nada ha cambiado",
        description:
          error instanceof ApplyWinnerRefusal ? error.message : "Comprueba tu conexión y vuelve a intentarlo.",
      });
    } finally {
      setBusy(false);
      onComplete();
    }
  }, [client, published, draftId, router, toast, onComplete]);
  if (published?.status !== "ended") return null;
  return {
    label: busy ? "Aplicando…" : "Aplicar la ganadora",
    icon: CheckmarkCircleIcon,
    disabled: Boolean(blocker) || busy,
    title:
      blocker ??
      (published.appliedVariant
        ? `Ya se aplicó «${published.appliedVariant}». Volver a aplicarla reemplaza el borrador de la página original.`
        : "Pone los bloques y textos de la variante ganadora en la página original, como borrador para revisar y publicar."),
    onHandle: () => void onHandle(),
  };
};
