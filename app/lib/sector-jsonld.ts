/**
 * schema.org structured data for a sector page: a Service with the agency as its provider
 * (an Organization with the identity from the site settings), Spain as the area served, the service
 * type, the audience and, when the page lists them, its offers. The content's `schemaType` is not
 * followed: `provider`, `serviceType`, `audience` and `offers` belong to Service, while
 * ProfessionalService is a deprecated LocalBusiness, so a sector offer is always a Service.
 */

type Maybe<T> = T | null | undefined;

export interface SectorJsonLdInput {
  sectorName?: Maybe<string>;
  seo?: Maybe<{ title?: Maybe<string>; description?: Maybe<string> }>;
  hero?: Maybe<{ title?: Maybe<string>; description?: Maybe<string> }>;
  structuredData?: Maybe<{
    /** Kept in the content model; the output is always a Service (see above). */
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
    "@type": "Service",
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
