import { describe, expect, it } from "vitest";
import { SINGLETON_TYPES, schemaTypes } from "../schemaTypes";
import { RESERVED_SLUGS, checkHref, checkSlug, slugify } from "../schemaTypes/rules";
import { SINGLETON_ACTIONS, documentActions, newDocumentOptions, templates } from "../singletons";
import { studioSchema } from "./support/dataset";

type FieldLike = {
  name: string;
  title?: string;
  description?: string;
  type: string;
  fields?: FieldLike[];
  of?: FieldLike[];
  to?: { type: string }[];
};

/** Every field of every type, with its path, including the fields of inline objects. */
function allFields(): { path: string; field: FieldLike }[] {
  const out: { path: string; field: FieldLike }[] = [];
  const visit = (fields: FieldLike[] | undefined, prefix: string) => {
    for (const field of fields ?? []) {
      const path = `${prefix}.${field.name}`;
      out.push({ path, field });
      if (field.type === "object") visit(field.fields, path);
    }
  };
  for (const type of schemaTypes as unknown as FieldLike[]) visit(type.fields, type.name);
  return out;
}

describe("Studio schema", () => {
  it("compiles without errors or warnings", () => {
    const schema = studioSchema();
    const problems = (schema._validation ?? []).flatMap((group) =>
      group.problems.map(
        (problem) => `${group.path.map((p) => p.name).join(".")}: ${problem.message} [${problem.severity}]`,
      ),
    );
    expect(problems).toEqual([]);
    for (const type of ["siteSettings", "landingPage", "sectorPage", "calculatorSector", "faqItem", "plan"]) {
      expect(schema.get(type)?.jsonType).toBe("object");
    }
  });

  it("gives every field a title and a description telling the editor what it changes", () => {
    const fields = allFields();
    expect(fields.length).toBeGreaterThan(200);
    const missing = fields
      .filter(({ field }) => !field.title?.trim() || !field.description?.trim())
      .map(({ path }) => path);
    expect(missing).toEqual([]);
  });

  it("gives every document type a Spanish title and a preview", () => {
    const documents = (
      schemaTypes as unknown as { name: string; type: string; title?: string; preview?: unknown }[]
    ).filter((type) => type.type === "document");
    expect(documents.map((type) => type.name).sort()).toEqual(
      [
        "calculatorPage",
        "calculatorSector",
        "campaignPage",
        "experiment",
        "contactPage",
        "draftContractPage",
        "faqItem",
        "googleAdsPage",
        "landingPage",
        "legalPage",
        "nextStepsPage",
        "plan",
        "plansPage",
        "redirect",
        "sectorGroup",
        "sectorPage",
        "sectorsDirectory",
        "serviceStartPage",
        "siteSettings",
      ].sort(),
    );
    for (const type of documents) {
      expect(type.title, type.name).toMatch(/\S/);
      expect(type.preview, type.name).toBeDefined();
    }
  });
});

describe("one document per sector", () => {
  const FIGURES = ["conversionRate", "averageProfit", "costPerLead"];

  it("stores each sector figure in one field: the sector page's stats (calculator-only records keep their own)", () => {
    const figureFields = allFields()
      .filter(({ field }) => field.type === "number" && FIGURES.includes(field.name))
      .map(({ path }) => path);
    expect(figureFields.sort()).toEqual(
      [
        "sectorPage.stats.conversionRate",
        "sectorPage.stats.averageProfit",
        "sectorPage.stats.costPerLead",
        "calculatorSector.conversionRate",
        "calculatorSector.averageProfit",
        "calculatorSector.costPerLead",
      ].sort(),
    );
    // A sector page holds no reference to a calculator record: there is nothing to keep in step. (Its only
    // references are its group and the related sector pages it links to.)
    const targets = (field: FieldLike) =>
      [field, ...(field.of ?? [])]
        .filter((member) => member.type === "reference")
        .flatMap((member) => (member.to ?? []).map((target) => target.type));
    const sectorPageReferences = allFields().filter(({ path }) => path.startsWith("sectorPage."));
    expect(
      sectorPageReferences
        .flatMap(({ field }) => targets(field))
        .filter((type) => type !== "sectorPage" && type !== "sectorGroup"),
    ).toEqual([]);
    expect(sectorPageReferences.filter(({ field }) => targets(field).length > 0).map(({ path }) => path)).toEqual([
      "sectorPage.group",
      "sectorPage.relatedSectors",
    ]);
  });

  it("shows a sector page's calculator fields in a group of their own", () => {
    const type = (
      schemaTypes as unknown as {
        name: string;
        groups?: { name: string; title: string }[];
        fields: (FieldLike & { group?: string | string[] })[];
      }[]
    ).find((candidate) => candidate.name === "sectorPage")!;
    expect(type.groups).toContainEqual(expect.objectContaining({ name: "calculator", title: "Calculadora" }));
    const inGroup = type.fields
      .filter((field) => [field.group].flat().includes("calculator"))
      .map((field) => field.name);
    expect(inGroup).toEqual(expect.arrayContaining(["sectorName", "calculatorName", "calculatorAliases", "stats"]));
    expect(type.fields.every((field) => field.group !== undefined)).toBe(true);
  });
});

describe("singleton pages", () => {
  const action = (name: string) => Object.assign(() => null, { action: name });
  const allActions = ["publish", "unpublish", "delete", "duplicate", "discardChanges", "restore"].map(action);

  it("are the eleven fixed-id pages", () => {
    expect([...SINGLETON_TYPES].sort()).toEqual(
      [
        "siteSettings",
        "landingPage",
        "plansPage",
        "calculatorPage",
        "googleAdsPage",
        "contactPage",
        "legalPage",
        "nextStepsPage",
        "draftContractPage",
        "serviceStartPage",
        "sectorsDirectory",
      ].sort(),
    );
  });

  it("cannot be duplicated, deleted or unpublished, while list documents keep every action", () => {
    const context = (schemaType: string) => ({ schemaType }) as Parameters<typeof documentActions>[1];
    const kept = (documentActions(allActions as never, context("landingPage")) as { action?: string }[]).map(
      (a) => a.action,
    );
    expect(kept.sort()).toEqual([...SINGLETON_ACTIONS].sort());
    expect(documentActions(allActions as never, context("sectorPage"))).toHaveLength(allActions.length);
  });

  it("never appear among the documents an editor can create", () => {
    const offered = ["landingPage", "siteSettings", "sectorPage", "faqItem"].map((name) => ({
      templateId: name,
      schemaType: name,
    }));
    const created = (newDocumentOptions(offered as never, {} as never) as { templateId: string }[]).map(
      (o) => o.templateId,
    );
    expect(created).toEqual(["sectorPage", "faqItem"]);
    const kept = (templates(offered as never, {} as never) as { schemaType: string }[]).map((t) => t.schemaType);
    expect(kept).toEqual(["sectorPage", "faqItem"]);
  });
});

describe("slug and link rules", () => {
  it("accept lowercase hyphenated slugs such as the spec's", () => {
    for (const slug of ["construccion", "software-b2b", "clinicas-esteticas-dentales", "formacion-online"]) {
      expect(checkSlug(slug)).toBe(true);
    }
  });

  it("reject capitals, accents, spaces, stray hyphens and reserved routes", () => {
    for (const slug of [
      "Construccion",
      "construcción",
      "software b2b",
      "-consultoria",
      "consultoria-",
      "a--b",
      "a_b",
    ]) {
      expect(checkSlug(slug)).toMatch(/minúsculas/);
    }
    for (const slug of ["calculadora", "mensual", "sectores", "contacto", "legal", "iniciar-servicio"]) {
      expect(RESERVED_SLUGS).toContain(slug);
      expect(checkSlug(slug)).toMatch(/reservada/);
    }
  });

  it("suggest a valid slug from a Spanish sector name", () => {
    expect(slugify("Logística y Transporte")).toBe("logistica-y-transporte");
    expect(slugify("  Clínicas Estéticas / Dentales ")).toBe("clinicas-esteticas-dentales");
    expect(checkSlug(slugify("Software B2B (SaaS)"))).toBe(true);
  });

  it("let buttons point to internal paths or absolute URLs only", () => {
    expect(checkHref("/calculadora")).toBe(true);
    expect(checkHref("https://wa.me/34600000000")).toBe(true);
    expect(checkHref("calculadora")).toMatch(/ruta interna/);
    expect(checkHref("//evil.example")).toMatch(/ruta interna/);
    expect(checkHref("javascript:alert(1)")).toMatch(/ruta interna/);
    expect(checkHref("mailto:hola@example.com")).toMatch(/ruta interna/);
    expect(checkHref("mailto:hola@example.com", { allowContact: true })).toBe(true);
  });
});
