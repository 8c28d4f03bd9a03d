import { sectorServiceJsonLd } from "~/lib/sector-jsonld";

const page = {
  sectorName: "Construcción",
  seo: { title: "Leads B2B para Construcción", description: "Leads de obra con precio fijo." },
  hero: { title: "Más obras", description: "Te conectamos con promotores." },
  structuredData: {
    schemaType: "ProfessionalService",
    serviceType: "Generación de leads B2B para construcción",
    audienceType: "Empresas constructoras",
    offers: [{ name: "Leads de obra", description: "Contactos verificados.", category: "Generación de leads B2B" }],
  },
};
const organization = { name: "LeadsB2B", url: "https://leadsb2b.es", logoUrl: "https://leadsb2b.es/logo.svg" };

describe("sector page JSON-LD", () => {
  it("describes the offer as a Service with the agency as provider, area served Spain, audience and offers", () => {
    expect(sectorServiceJsonLd(page, { url: "https://leadsb2b.es/sectores/construccion", organization })).toEqual({
      "@context": "https://schema.org",
      "@type": "Service",
      name: "Leads B2B para Construcción",
      description: "Leads de obra con precio fijo.",
      url: "https://leadsb2b.es/sectores/construccion",
      provider: {
        "@type": "Organization",
        name: "LeadsB2B",
        url: "https://leadsb2b.es",
        logo: "https://leadsb2b.es/logo.svg",
      },
      areaServed: { "@type": "Country", name: "Spain" },
      serviceType: "Generación de leads B2B para construcción",
      audience: { "@type": "Audience", audienceType: "Empresas constructoras" },
      offers: [
        {
          "@type": "Offer",
          name: "Leads de obra",
          description: "Contactos verificados.",
          category: "Generación de leads B2B",
        },
      ],
    });
  });

  it("leaves out what the page does not have: offers, audience, provider logo", () => {
    const data = sectorServiceJsonLd(
      { ...page, structuredData: { schemaType: "Service", serviceType: "Leads", audienceType: null, offers: [] } },
      { url: "https://x.es/sectores/a", organization: { name: "LeadsB2B", url: null } },
    );
    expect(data["@type"]).toBe("Service");
    expect(data).not.toHaveProperty("offers");
    expect(data).not.toHaveProperty("audience");
    expect(data.provider).toEqual({ "@type": "Organization", name: "LeadsB2B" });
  });

  it("is a Service whatever type the content names, and falls back to the hero for name and description", () => {
    const data = sectorServiceJsonLd(
      {
        sectorName: "Energía",
        seo: null,
        hero: { title: "Más contratos", description: "Instaladores." },
        structuredData: { schemaType: "Thing" },
      },
      { url: "https://x.es/sectores/energia", organization: null },
    );
    expect(data).toMatchObject({ "@type": "Service", name: "Más contratos", description: "Instaladores." });
    expect(data).not.toHaveProperty("provider");
  });
});
