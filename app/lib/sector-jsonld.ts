/**
 * schema.org structured data for a sector page: a Service (or ProfessionalService) with its provider
 * organisation, Spain as the area served, the audience and, when the page lists them, its offers.
 */

type Maybe<T> = T | null | undefined;

export interface SectorJsonLdInput {
  sectorName?: Maybe<string>;
  seo?: Maybe<{ title?: Maybe<string>; description?: Maybe<string> }>;
  hero?: Maybe<{ title?: Maybe<string>; description?: Maybe<string> }>;
  structuredData?: Maybe<{
    schemaType?: Maybe<string>;
    serviceType?: Maybe<string>;
    audienceType?: Maybe<string>;
    offers?: Maybe<ReadonlyArray<{ name?: Maybe<string>; description?: Maybe<string>; category?: Maybe<string> }>>;
  }>;
}

export interface OrganizationInput {
  name?: Maybe<string>;
  url?: Maybe<string>;
  logoUrl?: Maybe<string>;
}

const SCHEMA_TYPES = new Set(["Service", "ProfessionalService"]);

/** The object without its empty fields (undefined, null, '' and empty arrays). */
function compact(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value).filter(
      ([, field]) => field != null && field !== "" && !(Array.isArray(field) && field.length === 0),
    ),
  );
}

function text(value: Maybe<string>): string | undefined {
  return value?.trim() || undefined;
}

export function sectorServiceJsonLd(
  page: SectorJsonLdInput,
  { url, organization }: { url: string; organization?: Maybe<OrganizationInput> },
): Record<string, unknown> {
  const data = page.structuredData;
  const schemaType = data?.schemaType && SCHEMA_TYPES.has(data.schemaType) ? data.schemaType : "Service";
  const providerName = text(organization?.name);
  const provider = providerName
    ? compact({
        "@type": "Organization",
        name: providerName,
        url: text(organization?.url),
        logo: text(organization?.logoUrl),
      })
    : undefined;
  const audienceType = text(data?.audienceType);
  const offers = (data?.offers ?? [])
    .filter((offer) => text(offer?.name))
    .map((offer) =>
      compact({
        "@type": "Offer",
        name: text(offer.name),
        description: text(offer.description),
        category: text(offer.category),
      }),
    );
  return compact({
    "@context": "https://schema.org",
    "@type": schemaType,
    name: text(page.seo?.title) ?? text(page.hero?.title) ?? text(page.sectorName),
    description: text(page.seo?.description) ?? text(page.hero?.description),
    url,
    provider,
    areaServed: { "@type": "Country", name: "Spain" },
    serviceType: text(data?.serviceType),
    audience: audienceType ? { "@type": "Audience", audienceType } : undefined,
    offers,
  });
}
