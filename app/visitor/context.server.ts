/**
 * What the site knows about the visitor of one request, read once where the request comes in (a route's
 * loader or action entry: `handleLeadAction`, `experimentLeadAction`, `campaignPageForView`) and handed
 * down as a plain value: the modules below (consent, experiments, attribution, rate limits) take these
 * values, never the request's `Cookie` header, so a request parses that header once.
 *
 * Reading never throws: a broken cookie reads as "none" (no choice, no assignment, no origin), so it
 * never costs a page view or a lead.
 */
import { CONSENT_COOKIE, type ConsentChoice, consentFromValues } from "~/consent/consent";
import { EXPERIMENT_COOKIE, experimentCookieFromValues } from "~/experiments/cookie";
import { parseCookieHeader } from "~/lib/cookies";
import type { Origin } from "~/tracking/attribution";
import { ORIGIN_COOKIE, originFromValues } from "~/tracking/origin-cookie";

export interface VisitorContext {
  /** The `cookie_consent` choice; null when none was made (or an outdated one). */
  consent: ConsentChoice | null;
  /** The experiment cookie's random browser id (null without one, or in a cookie of the older format). */
  browserId: string | null;
  /** experiment key → variant key, from the experiment cookie. */
  assignments: Map<string, string>;
  /** True when the request carries the experiment cookie at all (valid or not). */
  hasExperimentCookie: boolean;
  /** The visit's origin kept in `origen_visita` (whatever the consent; its readers check the consent). */
  origin: Origin | null;
  /** True when the request carries `origen_visita` at all (valid or not). */
  hasOriginCookie: boolean;
  /** The client address from the load context (`clientIp`); "unknown" without one. */
  clientIp: string;
  userAgent: string | null;
}

/**
 * The visitor's address: the production server puts it in the load context as `clientIp`
 * (server/client-address.ts decides how far X-Forwarded-For is trusted); without one, one shared bucket.
 */
export function clientIp(context: unknown): string {
  const fromContext = (context as { clientIp?: unknown } | null | undefined)?.clientIp;
  return typeof fromContext === "string" && fromContext ? fromContext : "unknown";
}

/** A visitor the site knows nothing about (no cookies). */
export function unknownVisitor(clientAddress = "unknown", userAgent: string | null = null): VisitorContext {
  return {
    consent: null,
    browserId: null,
    assignments: new Map(),
    hasExperimentCookie: false,
    origin: null,
    hasOriginCookie: false,
    clientIp: clientAddress,
    userAgent,
  };
}

/** The visitor a `Cookie` header, a User-Agent and a client address describe; never throws. */
export function visitorFromHeaders({
  cookieHeader,
  userAgent = null,
  clientIp: clientAddress = "unknown",
}: {
  cookieHeader: string | null | undefined;
  userAgent?: string | null | undefined;
  clientIp?: string;
}): VisitorContext {
  const agent = userAgent ?? null;
  try {
    const cookies = parseCookieHeader(cookieHeader);
    const experiment = cookies.get(EXPERIMENT_COOKIE) ?? [];
    const { id, assignments } = experimentCookieFromValues(experiment);
    const origin = cookies.get(ORIGIN_COOKIE) ?? [];
    return {
      consent: consentFromValues(cookies.get(CONSENT_COOKIE) ?? []),
      browserId: id,
      assignments,
      hasExperimentCookie: experiment.length > 0,
      origin: originFromValues(origin),
      hasOriginCookie: origin.length > 0,
      clientIp: clientAddress,
      userAgent: agent,
    };
  } catch {
    return unknownVisitor(clientAddress, agent);
  }
}

/** The visitor of a request (its Cookie and User-Agent headers) and its load context (`clientIp`). */
export function readVisitor(request: Request, context?: unknown): VisitorContext {
  let address = "unknown";
  try {
    address = clientIp(context);
    return visitorFromHeaders({
      cookieHeader: request.headers.get("cookie"),
      userAgent: request.headers.get("user-agent"),
      clientIp: address,
    });
  } catch {
    return unknownVisitor(address);
  }
}
