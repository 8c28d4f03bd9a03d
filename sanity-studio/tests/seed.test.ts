import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SINGLETON_TYPES } from "../schemaTypes";
import { brokenCases, validDocuments } from "./fixtures/datasets";
import { type DatasetDocument, SEED_FILE, describeProblems, readNdjson, validateDataset } from "./support/dataset";

/** The 32 sector slugs the site launched with (docs/product-rules.md, Routes). */
const SPEC_SECTOR_SLUGS = [
  "construccion",
  "software-b2b",
  "clinicas-esteticas-dentales",
  "educacion-formacion",
  "consultoria",
  "hosteleria",
  "ecommerce",
  "alquiler-maquinaria",
  "arquitectura-interiorismo",
  "automatizacion-industrial",
  "automocion",
  "ciberseguridad",
  "energia",
  "finanzas-seguros",
  "manufactura",
  "venta-maquinaria-industrial",
  "eventos-organizacion-ferias",
  "impresion-rotulacion",
  "inmobiliaria",
  "instalaciones",
  "legal-fiscal",
  "limpieza-industrial",
  "logistica-transporte",
  "mantenimiento-maquinaria",
  "marketing-publicidad",
  "recursos-humanos",
  "salud-bienestar",
  "servicios-agricultura",
  "servicios-profesionales",
  "tecnologia",
  "telecomunicaciones",
  "formacion-online",
];

const seed = readNdjson(SEED_FILE);
const ofType = (type: string) => seed.filter((document) => document._type === type);

/** The seed test's own path: read an NDJSON file, validate every document against the dataset. */
async function validateNdjsonFile(file: string | URL) {
  return validateDataset(readNdjson(file));
}

describe("seed dataset (sanity-studio/seed/production.ndjson)", () => {
  it("passes the Studio's validation, document by document, with no error and no warning but the legal identity's", async () => {
    const problems = await validateNdjsonFile(SEED_FILE);
    // The spec leaves the company's legal data unknown: the Studio warns until an editor fills it in.
    const identityWarnings = problems.filter(
      (problem) =>
        problem.id === "siteSettings" && problem.level === "warning" && problem.path.startsWith("legalIdentity."),
    );
    expect(identityWarnings.map((problem) => problem.path).sort()).toEqual(
      [
        "legalIdentity.address",
        "legalIdentity.companyName",
        "legalIdentity.dataProtectionContact",
        "legalIdentity.phone",
        "legalIdentity.registryData",
        "legalIdentity.taxId",
      ].sort(),
    );
    expect(describeProblems(problems.filter((problem) => !identityWarnings.includes(problem)))).toBe("");
  });

  it("holds no bracketed template placeholder ('[RAZÓN SOCIAL]', '[NIF]') anywhere", () => {
    const placeholders = readFileSync(SEED_FILE, "utf8").match(/\[[A-ZÁÉÍÓÚÑ][^\]"]{0,80}\]/g);
    expect(placeholders).toBeNull();
  });

  it("fills the legal identity the spec gives (email, jurisdiction) and points long texts at it", () => {
    const settings = seed.find((document) => document._id === "siteSettings")!;
    expect(settings.legalIdentity).toMatchObject({ email: "hola@leadsb2b.es", jurisdiction: "Lleida" });
    const legal = JSON.stringify(seed.find((document) => document._id === "legalPage"));
    expect(legal).toContain('"_type":"legalValue"');
    expect(legal).not.toContain("hola@leadsb2b.es");
  });

  it("has every singleton under its fixed id, once, and no drafts", () => {
    for (const type of SINGLETON_TYPES) {
      expect(
        ofType(type).map((document) => document._id),
        type,
      ).toEqual([type]);
    }
    expect(seed.filter((document) => document._id.startsWith("drafts."))).toEqual([]);
  });

  it("has unique document ids", () => {
    const ids = seed.map((document) => document._id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("has 32 or more sector pages, one per spec slug, with unique slugs", () => {
    const slugs = ofType("sectorPage").map((document) => (document.slug as { current?: string } | undefined)?.current);
    expect(slugs.length).toBeGreaterThanOrEqual(32);
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slugs).toEqual(expect.arrayContaining(SPEC_SECTOR_SLUGS));
  });

  it("keeps as calculator-only records just the choices with no sector page ('Otros'): no figure twice", () => {
    const normalize = (name: unknown) =>
      String(name ?? "")
        .normalize("NFD")
        .replace(/\p{M}/gu, "")
        .toLowerCase()
        .trim();
    const pageNames = new Set(
      ofType("sectorPage").flatMap((page) =>
        [page.sectorName, page.calculatorName, ...((page.calculatorAliases as string[] | undefined) ?? [])].map(
          normalize,
        ),
      ),
    );
    const records = ofType("calculatorSector");
    expect(records.map((document) => document.name)).toContain("Otros");
    for (const record of records) {
      for (const name of [record.name, ...((record.aliases as string[] | undefined) ?? [])]) {
        expect(pageNames.has(normalize(name)), String(name)).toBe(false);
      }
    }
    for (const page of ofType("sectorPage")) {
      const stats = page.stats as { conversionRate?: number; averageProfit?: number } | undefined;
      expect(typeof stats?.conversionRate, page._id).toBe("number");
      expect(typeof stats?.averageProfit, page._id).toBe("number");
    }
  });

  it("has the 17 FAQs and the 4 plans", () => {
    expect(ofType("faqItem")).toHaveLength(17);
    expect(
      ofType("plan")
        .map((document) => document.key)
        .sort(),
    ).toEqual(["captacion-pro", "cpl", "presencia-activa", "solo-web"]);
  });
});

describe("dataset validation", () => {
  const dir = mkdtempSync(join(tmpdir(), "studio-fixture-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const writeNdjson = (name: string, documents: DatasetDocument[]) => {
    const file = join(dir, `${name.replace(/\W+/g, "-")}.ndjson`);
    writeFileSync(file, documents.map((document) => JSON.stringify(document)).join("\n") + "\n");
    return file;
  };

  it("accepts a complete, valid sector page and calculator sector", async () => {
    const problems = await validateNdjsonFile(writeNdjson("valid", validDocuments));
    expect(describeProblems(problems)).toBe("");
  });

  it.each(brokenCases)("fails on $name", async ({ name, documents, id, path }) => {
    const problems = await validateNdjsonFile(writeNdjson(name, [...validDocuments, ...documents]));
    expect(problems.length).toBeGreaterThan(0);
    expect(
      problems.filter((problem) => problem.id === id && problem.path === path),
      describeProblems(problems),
    ).not.toEqual([]);
    // The broken copies share the valid page's title, so it may get the duplicate-title warning; no error.
    expect(
      problems.every((problem) => problem.id !== validDocuments[0]._id || problem.level !== "error"),
      describeProblems(problems),
    ).toBe(true);
  });

  it("reports the line of a malformed NDJSON line", () => {
    const file = writeNdjson("malformed", validDocuments);
    writeFileSync(file, `${JSON.stringify(validDocuments[0])}\n{"_id": "roto",\n`);
    expect(() => readNdjson(file)).toThrow(/line 2/);
  });
});
