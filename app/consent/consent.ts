/**
 * Cookie consent, as pure rules (AEPD 2023 cookie guide + Google Consent Mode v2 "basic"): the visitor's
 * choice per purpose, how it is kept in the first-party `cookie_consent` cookie, and what it means for
 * the Google tag. No DOM here: the banner, the boot script and the server route all build on this.
 */
import { readCookies } from "~/lib/cookies";

/** Purposes that need consent. Technical cookies (this one included) need none. */
export interface ConsentChoice {
  analytics: boolean;
  advertising: boolean;
}

export const CONSENT_COOKIE = "cookie_consent";

/** The cookie policy (the AEPD's second layer): the 'cookies' section of /legal. */
export const COOKIE_POLICY_HREF = "/legal#cookies";
/** Bump when the purposes change: an old choice then no longer counts and the banner asks again. */
export const CONSENT_VERSION = "v1";
/** 13 months at most (AEPD): 13 × 30 days. */
export const CONSENT_MAX_AGE_SECONDS = 13 * 30 * 24 * 60 * 60;

export const ACCEPT_ALL: ConsentChoice = { analytics: true, advertising: true };
export const REJECT_ALL: ConsentChoice = { analytics: false, advertising: false };

/** Matches a valid value; shared with the boot script so both agree on "a choice was made". */
export const CONSENT_VALUE_PATTERN = `${CONSENT_VERSION}\\.a[01]\\.p[01]`;

export function serializeConsent(choice: ConsentChoice): string {
  return `${CONSENT_VERSION}.a${choice.analytics ? 1 : 0}.p${choice.advertising ? 1 : 0}`;
}

export function parseConsentValue(value: string | null | undefined): ConsentChoice | null {
  const match = value?.trim().match(new RegExp(`^${CONSENT_VERSION}\\.a([01])\\.p([01])$`));
  if (!match) return null;
  return { analytics: match[1] === "1", advertising: match[2] === "1" };
}

/** Reads the choice from a `Cookie` header or `document.cookie`; null when none (or an outdated one). */
export function parseConsentCookie(cookieHeader: string | null | undefined): ConsentChoice | null {
  return consentFromValues(readCookies(cookieHeader, CONSENT_COOKIE));
}

/** The choice the `cookie_consent` values of a request carry (the first valid one); null when none. */
export function consentFromValues(values: readonly string[]): ConsentChoice | null {
  for (const value of values) {
    const choice = parseConsentValue(value);
    if (choice) return choice;
  }
  return null;
}

/** The `Set-Cookie` / `document.cookie` string that stores a choice: first party, 13 months, Lax. */
export function consentCookie(choice: ConsentChoice, { secure }: { secure: boolean }): string {
  const attributes = [`Max-Age=${CONSENT_MAX_AGE_SECONDS}`, "Path=/", "SameSite=Lax"];
  if (secure) attributes.push("Secure");
  return [`${CONSENT_COOKIE}=${serializeConsent(choice)}`, ...attributes].join("; ");
}

export type GtagConsentValue = "granted" | "denied";
export interface GtagConsent {
  ad_storage: GtagConsentValue;
  ad_user_data: GtagConsentValue;
  ad_personalization: GtagConsentValue;
  analytics_storage: GtagConsentValue;
}

/** `gtag('consent', 'default', …)`: everything denied until the visitor chooses. */
export const GTAG_CONSENT_DEFAULT: GtagConsent = {
  ad_storage: "denied",
  ad_user_data: "denied",
  ad_personalization: "denied",
  analytics_storage: "denied",
};

/** `gtag('consent', 'update', …)` for a choice: advertising covers the three ad signals. */
export function gtagConsentUpdate(choice: ConsentChoice): GtagConsent {
  const ads: GtagConsentValue = choice.advertising ? "granted" : "denied";
  return {
    ad_storage: ads,
    ad_user_data: ads,
    ad_personalization: ads,
    analytics_storage: choice.analytics ? "granted" : "denied",
  };
}

/** How a lead records the consent state (`origen.consentimiento`). */
export interface ConsentSummary {
  elegido: boolean;
  analitica: boolean;
  publicidad: boolean;
}

export function consentSummary(choice: ConsentChoice | null): ConsentSummary {
  return { elegido: choice !== null, analitica: choice?.analytics ?? false, publicidad: choice?.advertising ?? false };
}

/** The choice a banner form submission stands for ('Aceptar', 'Rechazar' or the switches). */
export function choiceFromDecision(
  decision: string | null | undefined,
  switches: { analytics?: boolean; advertising?: boolean },
): ConsentChoice | null {
  if (decision === "accept") return ACCEPT_ALL;
  if (decision === "reject") return REJECT_ALL;
  if (decision === "save")
    return { analytics: Boolean(switches.analytics), advertising: Boolean(switches.advertising) };
  return null;
}
