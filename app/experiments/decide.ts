/**
 * Which variant a request sees at an experiment's path, and whether it counts (CONTRACT-level rules in
 * docs/consent-and-tracking.md "Experiments"). Pure: the request is reduced to what its cookies say (read
 * once per request, app/visitor/context.server.ts) and its User-Agent, and the random source is a parameter.
 *
 * - running: a browser whose consent grants analytics and that is no crawler takes part. It keeps the
 *   variant its cookie names; on its first visit (no usable entry) one is drawn by weight, to be stored
 *   in the cookie and counted once as a visitor. A participant's cookie carries a random browser id (one
 *   is made with the first draw, or at the next page view for a cookie of the older format without one):
 *   its leads convert once per experiment. Everyone else sees the control and counts nothing.
 * - paused: everyone sees the control; nothing is counted, no cookie.
 * - ended: everyone sees the winner (the control when none was chosen); nothing is counted, no cookie.
 */
import type { ConsentChoice } from "~/consent/consent";

import { type Assignments, type ExperimentCookieValue, newBrowserId, withAssignment } from "./cookie";
import { isCrawler } from "./crawler";
import { drawVariant, type RandomSource } from "./draw";
import type { Experiment, ExperimentVariant } from "./model";

/** What a request's cookies and User-Agent say about the visitor (a VisitorContext is one). */
export interface RequestTraits {
  consent: ConsentChoice | null;
  /** The experiment cookie's browser id and assignments, and whether the cookie came at all. */
  browserId: string | null;
  assignments: Assignments;
  hasExperimentCookie: boolean;
  userAgent: string | null | undefined;
}

export interface VariantDecision {
  experiment: Experiment;
  /** The page this request is shown. */
  variant: ExperimentVariant;
  /** The browser takes part: its leads count for `variant`. */
  participant: boolean;
  /** The variant was drawn for this request: one visitor to count. */
  drawn: boolean;
  /** A participant's browser id (null for everyone else, and for an older cookie on a form post). */
  browserId: string | null;
  /** The experiment cookie to send with the answer (a draw, or an id given to an older cookie); null: none. */
  cookie: ExperimentCookieValue | null;
}

/** True when the browser may take part: analytics consent given, and not a crawler. */
export function mayTakePart({ consent, userAgent }: Pick<RequestTraits, "consent" | "userAgent">): boolean {
  return consent?.analytics === true && !isCrawler(userAgent);
}

/**
 * True when the browser keeps an experiment cookie without analytics consent (refused or withdrawn
 * since): the cookie is then removed, as the consent it was set under is gone.
 */
export function shouldForgetAssignments({
  consent,
  hasExperimentCookie,
}: Pick<RequestTraits, "consent" | "hasExperimentCookie">): boolean {
  return consent?.analytics !== true && hasExperimentCookie;
}

const control = (experiment: Experiment) => experiment.variants[0]!;

/**
 * The decision for a page view. With `random` null (a form post: the visitor already saw the page),
 * nothing is drawn and no cookie is set: a participant without an assignment sees, and counts as,
 * nobody's (the control).
 */
export function decideVariant(
  experiment: Experiment,
  request: RequestTraits,
  random: RandomSource | null = Math.random,
  makeId: () => string = newBrowserId,
): VariantDecision {
  const nobody = (variant: ExperimentVariant): VariantDecision => ({
    experiment,
    variant,
    participant: false,
    drawn: false,
    browserId: null,
    cookie: null,
  });
  if (experiment.status === "ended") {
    return nobody(experiment.variants.find((variant) => variant.key === experiment.winner) ?? control(experiment));
  }
  if (experiment.status !== "running" || !mayTakePart(request)) return nobody(control(experiment));

  const { browserId: id, assignments } = request;
  const kept = experiment.variants.find((variant) => variant.key === assignments.get(experiment.key));
  if (kept) {
    // A page view of an older cookie (no id) gives it one, keeping every assignment; a post never sets one.
    const browserId = id ?? (random ? makeId() : null);
    const cookie = id === null && browserId !== null ? { id: browserId, assignments } : null;
    return { experiment, variant: kept, participant: true, drawn: false, browserId, cookie };
  }

  const drawnKey = random ? drawVariant(experiment.variants, random) : null;
  const drawn = experiment.variants.find((variant) => variant.key === drawnKey);
  if (!drawn) return nobody(control(experiment));
  const browserId = id ?? makeId();
  return {
    experiment,
    variant: drawn,
    participant: true,
    drawn: true,
    browserId,
    cookie: { id: browserId, assignments: withAssignment(assignments, experiment.key, drawn.key) },
  };
}
