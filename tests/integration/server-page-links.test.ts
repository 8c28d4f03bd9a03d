// Links that name a page, on the running production server (embedded dataset): a button, a CTA block, a
// rich text link, a footer link, a header menu item and a next step (/siguiente) that reference a page
// print its current path (anchor kept); a rename of that page changes them within 5 s, though the pages
// sat in the page cache; a reference to a page that is gone leaves the button out and prints no broken
// address, never a 5xx.
import path from "node:path";

import { afterAll, beforeAll, expect, it } from "vitest";

import { readDocuments, writeDocuments } from "../support/dataset";
import { type ProductionServer, request, startServer } from "../support/production-server";

const WITHIN_MS = 5_000;

/** A link to `href` whose text (inside the same <a>) includes `text`. */
const linkTo = (href: string, text: string) =>
  new RegExp(`href="${href.replace(/[?]/g, "\\?")}"[^>]*>(?:(?!</a>)[\\s\\S])*${text}`);
const ref = (id: string) => ({ _type: "reference", _ref: id });

let server: ProductionServer;
beforeAll(async () => {
  server = await startServer();
}, 60_000);
afterAll(async () => server?.stop());

async function get(pathname: string) {
  const response = await request(`${server.baseUrl}${pathname}`);
  return { status: response.status, body: response.body.toString("utf8"), headers: response.headers };
}

const target = (slug: string) => ({
  _id: "campaignPage.destino",
  _type: "campaignPage",
  title: "Destino",
  slug: { _type: "slug", current: slug },
  blocks: [{ _key: "hero", _type: "heroBlock", heading: "Página de destino" }],
});

const linking = {
  _id: "campaignPage.enlaces",
  _type: "campaignPage",
  title: "Enlaces",
  slug: { _type: "slug", current: "enlaces" },
  blocks: [
    {
      _key: "hero",
      _type: "heroBlock",
      heading: "Enlaces a páginas",
      cta: { _type: "cta", label: "Ver el sector", page: ref("sectorPage.construccion"), anchor: "#calculadora" },
    },
    {
      _key: "cta",
      _type: "ctaBlock",
      heading: "Oferta",
      cta: { _type: "cta", label: "Ir al destino", page: ref("campaignPage.destino") },
    },
    {
      _key: "gone",
      _type: "ctaBlock",
      heading: "Sin destino",
      cta: { _type: "cta", label: "Botón perdido", page: ref("sectorPage.no-existe") },
    },
    {
      _key: "text",
      _type: "richTextBlock",
      body: [
        {
          _key: "p",
          _type: "block",
          style: "normal",
          markDefs: [{ _key: "l", _type: "link", page: ref("campaignPage.destino"), anchor: "?origen=texto" }],
          children: [{ _key: "s", _type: "span", text: "enlace en el texto", marks: ["l"] }],
        },
      ],
    },
  ],
};

it("prints each named page's current path, follows a rename within 5 s, and drops a button whose page is gone", async () => {
  const file = path.join(server.dataDir, "production.ndjson");
  const seed = readDocuments(file);
  const withFooterLink = (documents: typeof seed) =>
    documents.map((document) => {
      if (document._id === "nextStepsPage") {
        const [first, ...rest] = document.steps as object[];
        const step = { ...rest[0], linkLabel: "Paso al destino", page: ref("campaignPage.destino") };
        return { ...document, steps: [first, step, ...rest.slice(1)] };
      }
      if (document._id !== "siteSettings") return document;
      const footer = document.footer as { links: object[] };
      const navigation = document.navigation as object[];
      return {
        ...document,
        navigation: [
          ...navigation,
          {
            _key: "d",
            _type: "navItem",
            label: "Menú destino",
            kind: "link",
            page: ref("campaignPage.destino"),
            anchor: "#oferta",
          },
        ],
        footer: {
          ...footer,
          links: [
            ...footer.links,
            { _key: "d", _type: "cta", label: "Oferta del pie", page: ref("campaignPage.destino") },
          ],
        },
      };
    });
  writeDocuments(file, [...withFooterLink(seed), target("destino-uno"), linking]);
  await expect.poll(async () => (await get("/enlaces")).status, { timeout: WITHIN_MS, interval: 200 }).toBe(200);

  const page = (await get("/enlaces")).body;
  expect(page).toContain('href="/sectores/construccion#calculadora"');
  expect(page).toMatch(linkTo("/destino-uno", "Ir al destino"));
  expect(page).toMatch(linkTo("/destino-uno?origen=texto", "enlace en el texto"));
  expect(page).toMatch(linkTo("/destino-uno", "Oferta del pie"));
  // The dangling reference: its block keeps its heading, its button is gone, and no empty or broken address.
  expect(page).toContain("Sin destino");
  expect(page).not.toMatch(/<a\b[^>]*>(?:(?!<\/a>)[\s\S])*Botón perdido/);
  expect(page).not.toMatch(/href="(?:|null|undefined|\/undefined|\/null)"/);
  expect((await get("/calculadora")).body).toMatch(linkTo("/destino-uno", "Oferta del pie"));
  // The header menu and a next step name the page too.
  expect(page).toMatch(linkTo("/destino-uno#oferta", "Menú destino"));
  expect((await get("/siguiente")).body).toMatch(linkTo("/destino-uno", "Paso al destino"));
  expect((await get("/enlaces")).headers["x-cache"]).toBe("HIT");
  expect((await get("/siguiente")).headers["x-cache"]).toBe("HIT");
  expect((await get("/calculadora")).headers["x-cache"]).toBe("HIT");

  // The editor renames the target page: both pages print its new path within 5 s.
  writeDocuments(file, [...withFooterLink(seed), target("destino-dos"), linking]);
  const renamed = Date.now();
  await expect
    .poll(
      async () => {
        const [links, calculator, next] = await Promise.all([get("/enlaces"), get("/calculadora"), get("/siguiente")]);
        return (
          links.body.includes('href="/destino-dos"') &&
          calculator.body.includes('href="/destino-dos"') &&
          next.body.includes('href="/destino-dos"')
        );
      },
      { timeout: WITHIN_MS, interval: 200 },
    )
    .toBe(true);
  expect(Date.now() - renamed).toBeLessThanOrEqual(WITHIN_MS + 1_000);
  const after = (await get("/enlaces")).body;
  expect(after).toContain('href="/destino-dos?origen=texto"');
  expect(after).toMatch(linkTo("/destino-dos#oferta", "Menú destino"));
  expect(after).not.toContain("/destino-uno");
  expect((await get("/siguiente")).body).toMatch(linkTo("/destino-dos", "Paso al destino"));
}, 60_000);
