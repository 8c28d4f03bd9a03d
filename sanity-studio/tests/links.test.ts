// Links that name a page: every button (`cta`), rich text link, header menu page item and next step can
// name a sector page, a campaign page or a single page by a strong reference (the Content Lake refuses to delete a page something links to),
// and the site's query prints the current path of each kind it may name.
import { describe, expect, it } from "vitest";
import { LINK_HREF } from "../../app/content/fragments";
import { nextStepsPageQuery, siteSettingsQuery } from "../../app/content/queries";
import { SINGLETON_PATHS } from "../presentation/appearances";
import { checkAnchor, LINK_TARGET_TYPES } from "../schemaTypes/links";
import { schemaTypes } from "../schemaTypes";
import { checkHref } from "../schemaTypes/rules";
import { createDatasetClient, readNdjson, SEED_FILE, validateDataset } from "./support/dataset";

type Field = { name: string; type: string; weak?: boolean; to?: { type: string }[] };
type Definition = { name: string; fields?: Field[]; of?: { type: string; marks?: { annotations?: Definition[] } }[] };

const definition = (name: string) => (schemaTypes as unknown as Definition[]).find((type) => type.name === name)!;
const pageField = (fields: Field[] | undefined) => fields!.find((field) => field.name === "page")!;

describe("links that name a page", () => {
  it("a button and a text link take a strong reference to a sector page, a campaign page or any single page", () => {
    const block = definition("portableText").of!.find((member) => member.type === "block")!;
    const link = block.marks!.annotations!.find((annotation) => annotation.name === "link")!;
    const pages = ["sectorPage", "campaignPage", ...Object.keys(SINGLETON_PATHS)].sort();
    const named = [definition("cta"), definition("navItem"), definition("nextStep")].map((type) =>
      pageField(type.fields),
    );
    for (const field of [...named, pageField(link.fields)]) {
      expect(field.type).toBe("reference");
      // A weak reference would let a linked page be deleted.
      expect(field.weak).not.toBe(true);
      expect(field.to!.map((type) => type.type).sort()).toEqual(pages);
    }
    expect([...LINK_TARGET_TYPES].sort()).toEqual(pages);
  });

  it("the site's query prints the current path of every page a link may name, with its anchor", async () => {
    const documents = readNdjson(SEED_FILE);
    const client = createDatasetClient(documents);
    const expected: Record<string, string> = {
      ...SINGLETON_PATHS,
      "sectorPage.construccion": "/sectores/construccion",
      "campaignPage.reformas-integrales": "/reformas-integrales",
    };
    for (const [id, path] of Object.entries(expected)) {
      const link = { label: "x", page: { _type: "reference", _ref: id }, anchor: "#contacto" };
      const href = await client.fetch<string | null>(`$link{${LINK_HREF}}.href`, { link });
      expect(href, id).toBe(`${path}#contacto`);
    }
    const gone = { label: "x", page: { _type: "reference", _ref: "sectorPage.no-existe" } };
    expect(await client.fetch(`$link{${LINK_HREF}}.href`, { link: gone })).toBeNull();
    expect(await client.fetch(`$link{${LINK_HREF}}.href`, { link: { label: "x", href: "tel:+34600000000" } })).toBe(
      "tel:+34600000000",
    );
  });

  it("the header menu and the next steps print the paths of the pages they name, as the strings a typed path gave", async () => {
    const seed = readNdjson(SEED_FILE);
    const campaign = { _type: "reference", _ref: "campaignPage.reformas-integrales" };
    const documents = seed.map((document) => {
      if (document._id === "siteSettings") {
        const navigation = document.navigation as object[];
        return {
          ...document,
          navigation: [
            ...navigation,
            { _key: "c", _type: "navItem", label: "Oferta", kind: "link", page: campaign, anchor: "#oferta" },
          ],
        };
      }
      if (document._id !== "nextStepsPage") return document;
      const [first, ...rest] = document.steps as object[];
      return {
        ...document,
        steps: [
          first,
          { ...rest[0], linkLabel: "Sector", page: { _type: "reference", _ref: "sectorPage.construccion" } },
          ...rest.slice(1),
        ],
      };
    });
    const client = createDatasetClient(documents);
    const settings = await client.fetch<{ navigation: { kind: string; target: string }[] }>(siteSettingsQuery);
    expect(settings.navigation.map((item) => [item.kind, item.target])).toEqual([
      ["scroll", "inicio"],
      ["link", "/mensual"],
      ["scroll", "proceso"],
      ["link", "/calculadora"],
      ["scroll", "faq"],
      ["link", "/sectores"],
      ["link", "/contacto"],
      ["link", "/reformas-integrales#oferta"],
    ]);
    const next = await client.fetch<{ steps: { linkHref: string | null }[] }>(nextStepsPageQuery);
    expect(next.steps.slice(0, 2).map((step) => step.linkHref)).toEqual(["/borrador", "/sectores/construccion"]);
  });

  it("takes a page or an address, not both and not neither; anchors and queries after a page", async () => {
    const documents = readNdjson(SEED_FILE);
    const settings = documents.find((document) => document._id === "siteSettings")!;
    const footer = settings.footer as { links: Record<string, unknown>[] };
    const withLinks = (links: Record<string, unknown>[]) => [
      ...documents.filter((document) => document._id !== "siteSettings"),
      { ...settings, footer: { ...footer, links } },
    ];
    const problems = async (link: Record<string, unknown>) => {
      const dataset = withLinks([{ _key: "k", _type: "cta", label: "Enlace", ...link }]) as typeof documents;
      return (await validateDataset(dataset, dataset.slice(-1)))
        .filter((problem) => problem.id === "siteSettings" && problem.level === "error")
        .map((problem) => problem.message);
    };
    expect(await problems({ page: { _type: "reference", _ref: "contactPage" }, anchor: "#formulario" })).toEqual([]);
    expect(await problems({ href: "https://example.com" })).toEqual([]);
    expect(await problems({ href: "#formulario" })).toEqual([]);
    expect((await problems({})).join()).toMatch(/Elige una página de la web o escribe una dirección/);
    expect((await problems({ page: { _type: "reference", _ref: "contactPage" }, href: "/contacto" })).join()).toMatch(
      /no las dos/,
    );

    // The header menu: a page item names a page or types a path; a section item is an id on `/`.
    const menuProblems = async (item: Record<string, unknown>) => {
      const dataset = [
        ...documents.filter((document) => document._id !== "siteSettings"),
        { ...settings, navigation: [{ _key: "k", _type: "navItem", label: "Menú", ...item }] },
      ] as typeof documents;
      return (await validateDataset(dataset, dataset.slice(-1)))
        .filter((problem) => problem.id === "siteSettings" && problem.level === "error")
        .map((problem) => problem.message);
    };
    const contact = { _type: "reference", _ref: "contactPage" };
    expect(await menuProblems({ kind: "link", page: contact, anchor: "#formulario" })).toEqual([]);
    expect(await menuProblems({ kind: "link", target: "/calculadora" })).toEqual([]);
    expect(await menuProblems({ kind: "scroll", target: "proceso" })).toEqual([]);
    expect((await menuProblems({ kind: "link" })).join()).toMatch(/Elige una página de la web o escribe una ruta/);
    expect((await menuProblems({ kind: "link", page: contact, target: "/contacto" })).join()).toMatch(/no las dos/);
    expect((await menuProblems({ kind: "scroll", target: "#proceso" })).join()).toMatch(/id/);

    // A next step: its link names a page or types an address, with its text.
    const stepProblems = async (step: Record<string, unknown>) => {
      const page = documents.find((document) => document._id === "nextStepsPage")!;
      const dataset = [
        ...documents.filter((document) => document._id !== "nextStepsPage"),
        { ...page, steps: [{ _key: "k", _type: "nextStep", title: "Paso", description: "Texto", ...step }] },
      ] as typeof documents;
      return (await validateDataset(dataset, dataset.slice(-1)))
        .filter((problem) => problem.id === "nextStepsPage" && problem.level === "error")
        .map((problem) => problem.message);
    };
    expect(await stepProblems({ linkLabel: "Ver", page: contact })).toEqual([]);
    expect(await stepProblems({ linkLabel: "Ver", linkHref: "https://example.com" })).toEqual([]);
    expect((await stepProblems({ linkLabel: "Ver" })).join()).toMatch(/Falta el destino del enlace/);
    expect((await stepProblems({ page: contact })).join()).toMatch(/Falta el texto del enlace/);
    expect((await stepProblems({ linkLabel: "Ver", page: contact, linkHref: "/contacto" })).join()).toMatch(
      /no las dos/,
    );

    expect(checkAnchor("?origen=feria#contacto")).toBe(true);
    expect(checkAnchor("contacto")).not.toBe(true);
    expect(checkHref("#contacto")).toBe(true);
  });
});
