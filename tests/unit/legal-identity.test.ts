// The legal identity in long texts: references filled in, paragraphs naming a missing field left out.
import { controllerLine, missingLegalFields, resolveLegalText } from "~/lib/legal-identity";

const span = (text: string, marks: string[] = []) => ({ _type: "span", _key: text, text, marks });
const value = (field: string) => ({ _type: "legalValue", _key: `v-${field}`, field });
const block = (key: string, ...children: object[]) => ({
  _type: "block",
  _key: key,
  style: "normal",
  markDefs: [],
  children,
});

describe("missingLegalFields", () => {
  it("lists every needed field that is empty or blank, in a fixed order", () => {
    expect(missingLegalFields(null)).toEqual([
      "companyName",
      "taxId",
      "address",
      "registryData",
      "email",
      "phone",
      "dataProtectionContact",
    ]);
    expect(
      missingLegalFields({ companyName: "Ejemplo, S.L.", taxId: "  ", email: "a@b.es", jurisdiction: "Lleida" }),
    ).toEqual(["taxId", "address", "registryData", "phone", "dataProtectionContact"]);
  });
});

describe("resolveLegalText", () => {
  const text = [
    block("titular", span("Titular:", ["strong"]), span(" "), value("companyName"), span(", marca LeadsB2B.")),
    block("nif", span("NIF:", ["strong"]), span(" "), value("taxId")),
    block("email", span("Correo: "), value("email")),
    block("otro", span("Un párrafo sin datos.")),
    { _type: "image", _key: "img" },
  ];

  it("writes filled fields into the text and leaves out paragraphs naming a missing one", () => {
    const resolved = resolveLegalText(text, { companyName: "Ejemplo, S.L.", email: "legal@ejemplo.es" }) as Array<{
      _key: string;
      children?: Array<{ text?: string; marks?: string[] }>;
      markDefs?: Array<{ href?: string }>;
    }>;
    expect(resolved.map((item) => item._key)).toEqual(["titular", "email", "otro", "img"]);
    expect(resolved[0].children?.map((child) => child.text).join("")).toBe("Titular: Ejemplo, S.L., marca LeadsB2B.");
    expect(resolved[1].markDefs).toEqual([expect.objectContaining({ href: "mailto:legal@ejemplo.es" })]);
    expect(JSON.stringify(resolved)).not.toContain("legalValue");
  });

  it("passes anything that is not a list of blocks through", () => {
    expect(resolveLegalText(null, {})).toBeNull();
  });
});

describe("controllerLine", () => {
  it("names the company and its brand, or just the brand while the company is missing", () => {
    expect(controllerLine("Responsable", { companyName: "Ejemplo, S.L." }, "LeadsB2B")).toBe(
      "Responsable: Ejemplo, S.L. (LeadsB2B).",
    );
    expect(controllerLine("Responsable:", {}, "LeadsB2B")).toBe("Responsable: LeadsB2B.");
    expect(controllerLine("Responsable", {}, null)).toBeNull();
  });
});
