import { describe, expect, it } from "vitest";
import { REQUIRED_LEGAL_FIELDS } from "../../app/lib/legal-identity";
import { LEGAL_IDENTITY_FIELDS } from "../schemaTypes/legal-identity";

describe("legal identity", () => {
  it("needs, in the Studio, the fields the site requires before going live, in the same order", () => {
    const needed = LEGAL_IDENTITY_FIELDS.filter((field) => field.needed).map((field) => field.name);
    expect(needed).toEqual([...REQUIRED_LEGAL_FIELDS]);
  });
});
