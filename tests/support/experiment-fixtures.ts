/**
 * Campaign pages under an A/B experiment, as a marketer would publish them (the document shapes of
 * docs/content-model.md): a control page, its variant with another headline, a page without any
 * experiment, and the experiment itself. Each page has a lead form block.
 */
import type { Experiment } from "~/experiments/model";

export const CONTROL_PATH = "/ab-reformas";
export const VARIANT_PATH = "/ab-reformas-b";
export const PLAIN_PATH = "/ab-sin-experimento";
export const CONTROL_HEADING = "Reformas: clientes B2B a precio fijo";
export const VARIANT_HEADING = "Llena tu agenda de obras este trimestre";
export const EXPERIMENT_KEY = "titular-reformas";

function campaignPage(id: string, slug: string, title: string, heading: string) {
  return {
    _id: id,
    _type: "campaignPage",
    _createdAt: "2026-11-01T00:00:00Z",
    _updatedAt: "2026-11-01T00:00:00Z",
    title,
    slug: { _type: "slug", current: slug },
    seo: { title, description: `${title}: leads cualificados de empresas de reformas a precio fijo.` },
    blocks: [
      { _type: "heroBlock", _key: "hero", heading, text: "Pagas solo por lead cualificado." },
      {
        _type: "leadFormBlock",
        _key: "form",
        heading: "Pide tu propuesta",
        submitLabel: "Quiero leads",
        fields: ["empresa"],
      },
    ],
  };
}

export type ExperimentStatus = "running" | "paused" | "ended";

export function experimentDocument(status: ExperimentStatus = "running", winner?: string) {
  return {
    _id: "experiment.titular-reformas",
    _type: "experiment",
    _createdAt: "2026-11-02T00:00:00Z",
    _updatedAt: "2026-11-02T00:00:00Z",
    key: EXPERIMENT_KEY,
    name: "Titular de reformas",
    status,
    ...(winner ? { winner } : {}),
    variants: [
      {
        _key: "a",
        _type: "experimentVariant",
        key: "a",
        label: "Original",
        weight: 50,
        page: { _type: "reference", _ref: "campaignPage.ab-reformas" },
      },
      {
        _key: "b",
        _type: "experimentVariant",
        key: "b",
        label: "Titular de agenda",
        weight: 50,
        page: { _type: "reference", _ref: "campaignPage.ab-reformas-b" },
      },
    ],
  };
}

export function experimentDocuments(status: ExperimentStatus = "running", winner?: string) {
  return [
    campaignPage("campaignPage.ab-reformas", CONTROL_PATH.slice(1), "Reformas integrales", CONTROL_HEADING),
    campaignPage(
      "campaignPage.ab-reformas-b",
      VARIANT_PATH.slice(1),
      "Reformas integrales (variante B)",
      VARIANT_HEADING,
    ),
    campaignPage(
      "campaignPage.ab-sin-experimento",
      PLAIN_PATH.slice(1),
      "Software B2B",
      "Clientes de software a precio fijo",
    ),
    experimentDocument(status, winner),
  ];
}

export const CHROME_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
export const GOOGLEBOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** The browser id the fixtures' experiment cookies carry (22 base64url characters, as the site makes them). */
export const FIXTURE_BROWSER_ID = "Rml4dHVyZS1icm93c2VyLQ";

/**
 * Browser-like request headers: a real Chrome User-Agent, with or without analytics consent and an
 * assignment. An assignment carries `id` (FIXTURE_BROWSER_ID unless given; null: a cookie of the older
 * format, pairs only).
 */
export function browserHeaders({
  consent,
  variant,
  id = FIXTURE_BROWSER_ID,
  userAgent = CHROME_UA,
}: { consent?: string; variant?: string; id?: string | null; userAgent?: string } = {}): Record<string, string> {
  const cookies = [
    consent ? `cookie_consent=${consent}` : "",
    variant ? `experimentos=${id ? `${id}|` : ""}${EXPERIMENT_KEY}.${variant}` : "",
  ]
    .filter(Boolean)
    .join("; ");
  return { "user-agent": userAgent, ...(cookies ? { cookie: cookies } : {}) };
}

/** An experiment as the server reads it (app/experiments/model.ts): 50/50 between two campaign pages. */
export function experimentModel(overrides: Partial<Experiment> = {}): Experiment {
  return {
    key: "titular-reformas",
    name: "Titular reformas",
    status: "running",
    winner: null,
    variants: [
      { key: "a", label: "Control", weight: 50, pageId: "campaignPage.reformas", slug: "reformas-madrid" },
      { key: "b", label: "Titular corto", weight: 50, pageId: "campaignPage.reformas-b", slug: "reformas-madrid-b" },
    ],
    ...overrides,
  };
}
