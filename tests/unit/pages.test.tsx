// @vitest-environment happy-dom
// A page component alone, with plain props: no route, no loader, no content source. What it shows comes
// from the data type defined beside it (the route's loader returns that type).
import type { ComponentProps, ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";

import { loadEveryIsland } from "~/components/islands/island";
import { GoogleAdsPage } from "~/pages/GoogleAdsPage";
import { SectorsClosing } from "~/pages/SectorsClosing";
import { SectorsDirectory } from "~/pages/SectorsDirectory";

/** The page's server HTML in the document, as a browser gets it (rendered in a data router, as on the server). */
async function show(element: ReactNode): Promise<Document> {
  const routes = [{ path: "*", element }];
  const context = await createStaticHandler(routes).query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("the test route answered a redirect");
  const router = createStaticRouter(routes, context);
  document.body.innerHTML = renderToStaticMarkup(<StaticRouterProvider router={router} context={context} />);
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

  it("the Google Ads page shows its hero, what is included and the way to the calculator", async () => {
    await show(<GoogleAdsPage {...googleAds} />);
    expect(document.querySelector("h1")?.textContent).toBe("Campañas de Google Ads que traen clientes");
    expect(document.body.textContent).toContain("Búsqueda de palabras clave");
    expect(linkNamed(/Calcula tu precio/)).toBe("/calculadora");
  });

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
  // Every word of the search and the pages is the editors' (none of these is the seed's).
  const directoryTexts: ComponentProps<typeof SectorsDirectory>["page"] = {
    featuredHeading: "Destacados",
    allHeading: "Todos",
    tooltipLabel: "Más sobre",
    figureLabels: { conversionRate: "Conversión", costPerLead: "Coste" },
    listControls: {
      searchLabel: "Encuentra tu sector",
      searchPlaceholder: "Escribe, por ejemplo, hoteles",
      searchButton: "Encontrar",
      searchName: "Buscador de sectores",
      resultOne: "Un sector con «{busqueda}»",
      resultMany: "«{busqueda}»: {n} sectores",
      noResultTitle: "Nada con «{busqueda}».",
      noResultText: "Cambia la palabra o",
      noResultLink: "vuelve a la lista",
      previous: "Atrás",
      next: "Más sectores",
      pageLabel: "Hoja",
      pagesName: "Hojas del directorio",
    },
  };

  it("the sectors directory lists its cards, each info button naming the element that holds its text", async () => {
    await show(
      <SectorsDirectory
        page={directoryTexts}
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

  it("the sectors directory's search, count, empty result and page links say what the editors wrote", async () => {
    const many = Array.from({ length: 3 }, (_, index) => sector(`s${index}`, false));
    await show(
      <SectorsDirectory
        page={directoryTexts}
        featured={[]}
        listing={{ items: many, page: 2, pages: 3, total: 1234, search: "hotel" }}
        paginated
        path="/sectores"
      />,
    );
    const form = document.querySelector("form[role=search]")!;
    expect(form.getAttribute("aria-label")).toBe("Buscador de sectores");
    expect(form.querySelector("label")?.textContent).toBe("Encuentra tu sector");
    expect(form.querySelector("input")?.getAttribute("placeholder")).toBe("Escribe, por ejemplo, hoteles");
    expect(form.querySelector("input")?.value).toBe("hotel");
    expect(form.querySelector("button")?.textContent).toBe("Encontrar");
    // The count sits under the search, before the cards it counts.
    const count = document.querySelector("[role=status]");
    expect(count?.textContent).toBe("«hotel»: 1.234 sectores");
    expect(form.compareDocumentPosition(count!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(
      count!.compareDocumentPosition(document.querySelector("#todos li")!) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    const nav = document.querySelector("nav")!;
    expect(nav.getAttribute("aria-label")).toBe("Hojas del directorio");
    const links = [...nav.querySelectorAll("a")];
    expect(links.find((link) => link.rel === "prev")?.textContent).toBe("Atrás");
    expect(links.find((link) => link.rel === "next")?.textContent).toBe("Más sectores");
    expect(links.filter((link) => !link.rel).map((link) => link.getAttribute("aria-label"))).toEqual([
      "Hoja 1",
      "Hoja 2",
      "Hoja 3",
    ]);

    await show(
      <SectorsDirectory
        page={directoryTexts}
        featured={[]}
        listing={{ items: [], page: 1, pages: 1, total: 0, search: "zzz" }}
        paginated
        path="/sectores"
      />,
    );
    expect(document.body.textContent).toContain("Nada con «zzz».");
    expect(document.body.textContent).toContain("Cambia la palabra o vuelve a la lista");
    expect(linkNamed(/vuelve a la lista/)).toBe("/sectores");
    expect(document.body.textContent).not.toContain("{busqueda}");
  });

  it("the sectors directory's closing calls to the contact page with its own texts", async () => {
    const page = {
      finalCta: { heading: "¿No ves tu sector?", text: "Cuéntanos el tuyo.", ctaLabel: "Contacta" },
    } as ComponentProps<typeof SectorsClosing>["page"];
    await show(<SectorsClosing page={page} />);
    expect([...document.querySelectorAll("h2")].map((heading) => heading.textContent)).toContain("¿No ves tu sector?");
    expect(linkNamed(/Contacta/)).toBe("/contacto");
  });
});
