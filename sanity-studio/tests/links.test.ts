// Links that name a page: every button (`cta`) and rich text link can name a sector page, a campaign page
// or a single page by a strong reference (the Content Lake refuses to delete a page something links to),
// and the site's query prints the current path of each kind it may name.
import { describe, expect, it } from "vitest";
import { LINK_HREF } from "../../app/content/fragments";
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
    for (const field of [pageField(definition("cta").fields), pageField(link.fields)]) {
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
    expect(checkAnchor("?origen=feria#contacto")).toBe(true);
    expect(checkAnchor("contacto")).not.toBe(true);
    expect(checkHref("#contacto")).toBe(true);
  });
});
