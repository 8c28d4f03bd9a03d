/**
 * Experiments on the server: which campaign page a request at a path is shown, decided in the route's
 * loader before anything renders (no flash of the control, no client-side swap), with the headers that
 * keep shared caches out of it; which variant a lead posted there belongs to; and the report. The rules
 * are the pure modules beside this one; this module adds content, the request, the cookie and the counts.
 *
 * The ids of converted browsers are kept only while their experiment is in content: every report (the
 * CLI) and, at most hourly, a page view at a campaign path (the first one after start included) have the
 * counter forget those of experiments no longer there.
 */
import type { ExperimentFiguresProps } from "~/components/preview/ExperimentFigures";
import { PREVIEW_VARIANT_PARAM } from "~/components/preview/preview-paths";
import { campaignShownNow, getExperimentDocuments, inPreview } from "~/content/index.server";
import { requestMemo } from "~/content/request-scope.server";
import { experimentCounter, experimentVisitorLimiter } from "~/leads/backend.server";
import { clientKey } from "~/lib/client-key.server";
import { PRIVATE_NO_STORE, PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/http-cache";
import { log } from "~/lib/log.server";
import { isHttpsRequest } from "~/lib/request-url.server";
import type { VisitorContext } from "~/visitor/context.server";

import { clearExperimentCookie, experimentCookie } from "./cookie";
import { decideVariant, shouldForgetAssignments } from "./decide";
import type { RandomSource } from "./draw";
import { type Experiment, experimentAtPath, pathOfSlug, readExperiments, variantPagesUnderTest } from "./model";
import { type ExperimentReport, experimentReport } from "./report";

/** Every usable experiment in the current request's perspective (drafts in preview): the report's. */
export async function getExperiments(): Promise<Experiment[]> {
  return readExperiments(await getExperimentDocuments());
}

/**
 * The experiments as visitors meet them now: an experiment follows its pages' calendars (a variant whose
 * page is outside its calendar is left out; without its control's page the experiment does not run).
 */
async function servedExperiments(): Promise<Experiment[]> {
  const documents = await getExperimentDocuments();
  const shown = await Promise.all(
    documents.map(async (experiment) => ({
      ...experiment,
      variants: await Promise.all(
        (experiment.variants ?? []).map(async (variant) =>
          variant.page && !(await campaignShownNow(variant.page)) ? { ...variant, page: null } : variant,
        ),
      ),
    })),
  );
  return readExperiments(shown);
}

/**
 * The paths where an experiment runs now (its control's path, and each variant page's own address): the
 * Speculation Rules leave them out (app/lib/speculation-rules.ts), so no prefetch stands in for an assignment.
 */
export async function runningExperimentPaths(): Promise<string[]> {
  const running = (await servedExperiments()).filter((experiment) => experiment.status === "running");
  return running.flatMap((experiment) => experiment.variants.map((variant) => pathOfSlug(variant.slug)));
}

/**
 * Marks the answer to a refused prefetch: the error page that renders it is the root's, whose `headers`
 * (app/root.tsx) keep its no-store only when it is there, leaving every other error page's headers as they are.
 */
export const PREFETCH_REFUSED_HEADER = "X-Prefetch-Refused";

/** A browser's prefetch (Speculation Rules, `<link rel=prefetch>`): not a visit, so never an assignment. */
export function isPrefetch(request: Request): boolean {
  const purpose = `${request.headers.get("Sec-Purpose") ?? ""},${request.headers.get("Purpose") ?? ""}`;
  return /(?:^|[,;\s])prefetch\b/i.test(purpose);
}

/** What a path shows under an experiment, and how its answer must be cached. */
export interface CampaignVariant {
  experiment: Experiment;
  /** The campaign page to render at the path (the control's, a variant's or the winner's): its id. */
  pageId: string;
  /** The variant shown: its leads carry `experimento` / `variante` when `participant`. */
  variant: string;
  participant: boolean;
  /** For the loader's answer: Cache-Control (private while the experiment runs) and the cookie of a new assignment. */
  headers: Headers;
}

/** The figures the preview bar shows for the experiment at the previewed path (app/components/preview/bar.server.ts). */
export type ExperimentPreview = ExperimentFiguresProps;

const PREVIEW_MEMO = "experiment-preview";

/** The experiment preview of the current request, set by chooseCampaignVariant in preview. */
export function currentExperimentPreview(): ExperimentPreview | null {
  return (
    requestMemo<{ value: ExperimentPreview | null } | null>(PREVIEW_MEMO, () => ({ value: null }), null)?.value ?? null
  );
}

function rememberExperimentPreview(preview: ExperimentPreview): void {
  const slot = requestMemo<{ value: ExperimentPreview | null } | null>(PREVIEW_MEMO, () => ({ value: null }), null);
  if (slot) slot.value = preview;
}

/**
 * The variant a request at `path` sees, or null when no experiment is set at that path (the route then
 * renders its page as it always does). A first visit of a participating browser is drawn here, counted
 * once as a visitor, and its cookie goes out with the answer, within its address's new-visitor limit
 * (EXPERIMENT_VISITORS_PER_CLIENT, the visitor's `clientIp`). In preview the editor picks the variant
 * (`?variante=`), nothing is counted and the bar shows the figures.
 */
export async function chooseCampaignVariant(
  path: string,
  request: Request,
  visitor: VisitorContext,
  random: RandomSource = Math.random,
): Promise<CampaignVariant | null> {
  const preview = await inPreview();
  // Every public campaign page view (with or without an experiment) may run the hourly forgetting.
  if (!preview) forgetGoneExperimentsNowAndThen();
  const experiment = experimentAtPath(await servedExperiments(), path);
  if (!experiment) return null;
  // A prefetch of a running experiment's path is refused before anything is drawn, counted or set: the
  // visit itself, if it comes, is assigned then. 503 and no-store, so no cache keeps it either.
  if (!preview && experiment.status === "running" && isPrefetch(request))
    throw new Response("", {
      status: 503,
      headers: { "Cache-Control": PRIVATE_NO_STORE, [PREFETCH_REFUSED_HEADER]: "experiment" },
    });
  const headers = new Headers({
    "Cache-Control": experiment.status === "running" ? PRIVATE_NO_STORE : PUBLIC_PAGE_CACHE_CONTROL,
  });

  if (preview) {
    const wanted = new URL(request.url).searchParams.get(PREVIEW_VARIANT_PARAM);
    const shown = experiment.variants.find((variant) => variant.key === wanted) ?? experiment.variants[0]!;
    const counts = await experimentCounter()
      .readCounts()
      .catch(() => []);
    rememberExperimentPreview({ path, shown: shown.key, report: experimentReport(experiment, counts) });
    return { experiment, pageId: shown.pageId, variant: shown.key, participant: false, headers };
  }

  let decision = decideVariant(experiment, visitor, random);
  const secure = isHttpsRequest(request);
  // A new visitor costs its client address one of its new-visitor turns; past them it sees the control,
  // gets no cookie and counts nothing (a script without cookies cannot fill a variant).
  if (decision.drawn && !(await experimentVisitorLimiter().consume(clientKey(visitor.clientIp))).allowed) {
    const control = experiment.variants[0]!;
    decision = { ...decision, variant: control, participant: false, drawn: false, browserId: null, cookie: null };
  }
  if (decision.cookie) headers.append("Set-Cookie", experimentCookie(decision.cookie, { secure }));
  // The assignment is recorded with the browser's id: only ids recorded here ever convert.
  if (decision.drawn) experimentCounter().countVisitor(experiment.key, decision.variant.key, decision.browserId);
  if (!decision.cookie && shouldForgetAssignments(visitor)) {
    headers.append("Set-Cookie", clearExperimentCookie({ secure }));
  }
  return {
    experiment,
    pageId: decision.variant.pageId,
    variant: decision.variant.key,
    participant: decision.participant,
    headers,
  };
}

/** What a form post at an experiment's path belongs to: the page the visitor was shown, and its variant when a participant's. */
export interface PostedVariant {
  /** The campaign page whose form was posted (its lead form block decides the fields): its id. */
  pageId: string;
  /** `experimento` / `variante` for the payload and the lead count; null when the lead is no participant's. */
  experiment: { experimento: string; variante: string } | null;
}

/** For a lead action at `path`: the same page the visitor was shown (never a new draw), or null without an experiment. */
export async function postedVariant(path: string, visitor: VisitorContext): Promise<PostedVariant | null> {
  const experiment = experimentAtPath(await servedExperiments(), path);
  if (!experiment) return null;
  const decision = decideVariant(experiment, visitor, null);
  return {
    pageId: decision.variant.pageId,
    experiment: decision.participant ? { experimento: experiment.key, variante: decision.variant.key } : null,
  };
}

/** The slugs of campaign pages that are a running experiment's variants: `noindex` at their own address, out of the sitemap. */
export async function variantSlugsUnderTest(): Promise<Set<string>> {
  return variantPagesUnderTest(await servedExperiments());
}

/**
 * The keys of every published experiment document, usable or not (an experiment whose control page is
 * unpublished for a moment keeps its data). Throws when content cannot be read: nothing is forgotten then.
 */
async function experimentKeysInContent(): Promise<string[]> {
  const documents = await getExperimentDocuments();
  if (!Array.isArray(documents)) throw new Error("The experiments could not be read from content");
  return documents.flatMap((document: unknown) => {
    const key = (document as { key?: unknown } | null)?.key;
    return typeof key === "string" && key.trim() ? [key.trim()] : [];
  });
}

/** Has the counter forget the converted browsers of experiments no longer in content; resolves with those. */
export async function forgetGoneExperiments(): Promise<string[]> {
  return experimentCounter().forgetExperimentsExcept(await experimentKeysInContent());
}

const FORGET_EVERY_MS = 60 * 60 * 1000;
let lastForgotten = 0;

/** At most hourly, in the background: never delays or fails the page view that triggers it. */
function forgetGoneExperimentsNowAndThen(): void {
  if (Date.now() - lastForgotten < FORGET_EVERY_MS) return;
  lastForgotten = Date.now();
  void forgetGoneExperiments().then(
    (gone) => {
      if (gone.length > 0) log("info", "experiment conversion ids forgotten", { experiments: gone });
    },
    (error: unknown) => log("warn", "experiment conversion ids not pruned", { error: String(error) }),
  );
}

/** The report of every experiment (published content) with the store's counts. */
export async function experimentsReport(): Promise<ExperimentReport[]> {
  const [experiments, counts] = await Promise.all([getExperiments(), experimentCounter().readCounts()]);
  return experiments.map((experiment) => experimentReport(experiment, counts));
}
