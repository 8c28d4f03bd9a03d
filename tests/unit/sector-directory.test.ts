// The /sectores list's texts with the visitor's search in them (app/domain/sector-directory.ts).
import { describe, expect, it } from "vitest";

import { fillSearchText, resultCountText } from "~/domain/sector-directory";

const listing = (search: string, total: number) => ({ items: [], page: 1, pages: 1, total, search });
const texts = { resultOne: "1 sector para «{busqueda}»", resultMany: "{n} sectores para «{busqueda}»" };

describe("the directory's search texts", () => {
  it("fill in the search and the count, in Spanish digits, wherever the editor put them", () => {
    expect(fillSearchText("«{busqueda}»: {n} resultados ({n})", { search: "clínicas", total: 12345 })).toBe(
      "«clínicas»: 12.345 resultados (12.345)",
    );
  });

  it("keep what the visitor typed as text, even when it looks like a placeholder or a replacement pattern", () => {
    expect(fillSearchText("para «{busqueda}»", { search: "{n} $& $1" })).toBe("para «{n} $& $1»");
  });

  it("read a missing text as nothing", () => {
    expect(fillSearchText(null, { search: "a" })).toBe("");
    expect(resultCountText(null, listing("a", 3))).toBe("");
  });

  it("count one sector or many, and say nothing without a search or a result", () => {
    expect(resultCountText(texts, listing("obra", 1))).toBe("1 sector para «obra»");
    expect(resultCountText(texts, listing("obra", 7))).toBe("7 sectores para «obra»");
    expect(resultCountText(texts, listing("obra", 0))).toBe("");
    expect(resultCountText(texts, listing("", 40))).toBe("");
  });
});
