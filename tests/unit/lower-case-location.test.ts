// Page paths that differ only in letter case go to one lower-case path: which targets, and never off the site.
import { describe, expect, it } from "vitest";

import { lowerCaseLocation } from "../../server/cache-key";

describe("lowerCaseLocation", () => {
  it("lower-cases the path's letters, keeping escapes and the query string", () => {
    expect(lowerCaseLocation("/SECTORES")).toBe("/sectores");
    expect(lowerCaseLocation("/Sectores/Construccion?utm_source=X&Gclid=Y")).toBe(
      "/sectores/construccion?utm_source=X&Gclid=Y",
    );
    expect(lowerCaseLocation("/Construcci%C3%B3n")).toBe("/construcci%C3%B3n");
  });

  it("leaves lower-case paths, files whose case matters and malformed encodings alone", () => {
    for (const target of [
      "/sectores",
      "/calculadora?sector=Otros",
      "/build/entry.client-KCHGY0ZR.js",
      "/build%2FEntry.js",
      "/images/local/production/A.png",
      "/social/sectores/Construccion.png",
      "/social/hasOwnProperty.png",
      "/API/consent",
      "/Sitemap.xml",
      "/sectores/%E0%A4%A",
    ]) {
      expect(lowerCaseLocation(target), target).toBeNull();
    }
  });

  it("never sends anyone off the site", () => {
    for (const target of ["//Evil.example/", "/\\Evil.example/", "/%2F%2FEvil.example/", "/%5CEvil", "http://Evil/"]) {
      expect(lowerCaseLocation(target), target).toBeNull();
    }
  });
});
