import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
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
  it("passes the Studio's validation, document by document, with no error or warning", async () => {
    const problems = await validateNdjsonFile(SEED_FILE);
    expect(describeProblems(problems)).toBe("");
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

  it("has the calculator's sector records including 'Otros', the 17 FAQs and the 4 plans", () => {
    expect(ofType("calculatorSector").map((document) => document.name)).toContain("Otros");
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
    expect(problems.every((problem) => problem.id !== validDocuments[0]._id)).toBe(true);
  });

  it("reports the line of a malformed NDJSON line", () => {
    const file = writeNdjson("malformed", validDocuments);
    writeFileSync(file, `${JSON.stringify(validDocuments[0])}\n{"_id": "roto",\n`);
    expect(() => readNdjson(file)).toThrow(/line 2/);
  });
});
