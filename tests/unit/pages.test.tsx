// @vitest-environment happy-dom
// A page component alone, with plain props: no route, no loader, no content source. What it shows comes
// from the data type defined beside it (the route's loader returns that type).
import type { ComponentProps, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router-dom";

import { loadEveryIsland } from "~/components/islands/island";
import { GoogleAdsPage } from "~/pages/GoogleAdsPage";
import { SectorsClosing } from "~/pages/SectorsClosing";
import { SectorsDirectory } from "~/pages/SectorsDirectory";

/** The page's server HTML in the document, as a browser gets it. */
function show(element: ReactNode): Document {
  document.body.innerHTML = renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>);
  return document;
}

const linkNamed = (name: RegExp) =>
  [...document.querySelectorAll("a")].find((link) => name.test(link.textContent ?? ""))?.getAttribute("href");

const googleAds: ComponentProps<typeof GoogleAdsPage> = {
  page: {
    seo: { _type: "seo", title: "Google Ads | LeadsB2B" },
    hero: {
      badge: "Servicio",
      title: "Campañas de Google Ads que traen clientes",
      description: "Gestionamos tus campañas.",
      primaryCtaLabel: "Calcula tu precio",
      secondaryCtaLabel: "Habla con nosotros",
    },
    stats: [{ _key: "a", _type: "stat", value: "+40 %", label: "más contactos" }],
    included: { heading: "Qué incluye", items: ["Búsqueda de palabras clave"] },
    process: {
      heading: "Cómo trabajamos",
      steps: [{ _key: "s1", _type: "step", title: "Auditoría", description: "Miramos tu cuenta." }],
    },
    finalCta: { heading: "¿Empezamos?", text: "Te llamamos hoy.", primaryLabel: "Calcula", secondaryLabel: "Contacta" },
  } as ComponentProps<typeof GoogleAdsPage>["page"],
};

describe("pages with plain props", () => {
  // The islands inside (the sectors' icons) render once their code is in, as on the server.
  beforeAll(loadEveryIsland);

  it("the Google Ads page shows its hero, what is included and the way to the calculator", () => {
    show(<GoogleAdsPage {...googleAds} />);
    expect(document.querySelector("h1")?.textContent).toBe("Campañas de Google Ads que traen clientes");
    expect(document.body.textContent).toContain("Búsqueda de palabras clave");
    expect(linkNamed(/Calcula tu precio/)).toBe("/calculadora");
  });

  it("the sectors directory lists its cards, each info button naming the element that holds its text", () => {
    const sector = (slug: string, featured: boolean) =>
      ({
        sectorName: slug.toUpperCase(),
        slug,
        tooltip: `Texto de ${slug}`,
        featured,
        group: null,
        icon: "building",
        conversionRate: null,
        costPerLead: null,
      }) as ComponentProps<typeof SectorsDirectory>["featured"][number];
    show(
      <SectorsDirectory
        page={{
          featuredHeading: "Destacados",
          allHeading: "Todos",
          tooltipLabel: "Más sobre",
          figureLabels: { conversionRate: "Conversión", costPerLead: "Coste" },
        }}
        featured={[sector("a", true)]}
        listing={{ items: [sector("a", true), sector("b", false)], page: 1, pages: 1, total: 2, search: "" }}
        paginated={false}
        path="/sectores"
      />,
    );
    const buttons = [...document.querySelectorAll<HTMLButtonElement>("button[data-tooltip]")];
    expect(buttons.map((button) => button.getAttribute("aria-label"))).toEqual([
      "Más sobre A",
      "Más sobre A",
      "Más sobre B",
    ]);
    for (const button of buttons) {
      const text = document.getElementById(button.dataset.tooltip!);
      expect(text?.hidden).toBe(true);
      expect(text?.textContent).toBe(`Texto de ${button.getAttribute("aria-label")!.slice(-1).toLowerCase()}`);
      expect(button.dataset.state).toBe("closed");
    }
    expect(new Set(buttons.map((button) => button.dataset.tooltip)).size).toBe(3);
  });

  it("the sectors directory's closing calls to the contact page with its own texts", () => {
    const page = {
      finalCta: { heading: "¿No ves tu sector?", text: "Cuéntanos el tuyo.", ctaLabel: "Contacta" },
    } as ComponentProps<typeof SectorsClosing>["page"];
    show(<SectorsClosing page={page} />);
    expect([...document.querySelectorAll("h2")].map((heading) => heading.textContent)).toContain("¿No ves tu sector?");
    expect(linkNamed(/Contacta/)).toBe("/contacto");
  });
});
