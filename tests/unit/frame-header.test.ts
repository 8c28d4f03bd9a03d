// The frame script's header: which section a `/#ir-<id>` address (a section link followed from another page) asks for.
import { describe, expect, it } from "vitest";

import { sectionOfHash } from "~/components/frame/header";
import { SECTION_HASH_PREFIX } from "~/components/layout/header-markup";

describe("sectionOfHash", () => {
  it("reads the section of a hash the header's section links leave /", () => {
    expect(SECTION_HASH_PREFIX).toBe("#ir-");
    expect(sectionOfHash("#ir-proceso")).toBe("proceso");
    expect(sectionOfHash(`#ir-${encodeURIComponent("preguntas frecuentes")}`)).toBe("preguntas frecuentes");
  });

  it("leaves any other hash to the browser", () => {
    expect(sectionOfHash("")).toBeNull();
    expect(sectionOfHash("#proceso")).toBeNull();
    expect(sectionOfHash("#ir-")).toBeNull();
    expect(sectionOfHash("#ir-%E0%A4%A")).toBeNull();
  });
});
