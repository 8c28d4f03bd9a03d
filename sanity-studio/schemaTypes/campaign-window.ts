/**
 * A campaign page's calendar as the Studio shows it: «Programada» before «Visible desde», «Terminada»
 * from «Visible hasta» on (the list's subtitle and a badge on the document), by the same rule the site
 * applies (app/domain/campaign-window.ts). Dates are written in Madrid time, as the fields show them.
 */
import type { DocumentBadgeComponent } from "sanity";
import { type CampaignWindow, windowInstant, windowState } from "../../app/domain/campaign-window";

const MADRID = new Intl.DateTimeFormat("es-ES", {
  timeZone: "Europe/Madrid",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

const madrid = (value: unknown) => {
  const instant = windowInstant(value);
  return instant === null ? null : MADRID.format(instant);
};

/** «Programada (desde …)», «Terminada (…)», «Visible hasta …», or null for a page without a calendar. */
export function campaignWindowLabel(window: CampaignWindow | null | undefined, now: number): string | null {
  const from = madrid(window?.visibleFrom);
  const until = madrid(window?.visibleUntil);
  if (!from && !until) return null;
  const state = windowState(window, now);
  if (state === "scheduled") return `Programada: desde ${from}`;
  if (state === "ended") return `Terminada: ${until}`;
  return until ? `Visible hasta ${until}` : null;
}

const BADGES = {
  scheduled: { label: "Programada", color: "primary" },
  ended: { label: "Terminada", color: "warning" },
} as const;

/** The document's badge: what visitors see now of the version that would be live (the draft's dates first). */
export const CampaignWindowBadge: DocumentBadgeComponent = (props) => {
  const document = (props.draft ?? props.published) as CampaignWindow | null;
  const state = document ? windowState(document, Date.now()) : "live";
  if (state === "live") return null;
  return { ...BADGES[state], title: campaignWindowLabel(document, Date.now()) ?? undefined };
};
