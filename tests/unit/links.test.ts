import { linkKind, telHref } from "~/lib/links";

describe("linkKind", () => {
  it("treats site paths as internal links", () => {
    expect(linkKind("/calculadora")).toBe("internal");
    expect(linkKind("/sectores/construccion?x=1")).toBe("internal");
    expect(linkKind("mensual")).toBe("internal");
  });

  it("treats fragments as in-page anchors (the plan dialogs' triggers)", () => {
    expect(linkKind("#solicitar-analisis")).toBe("anchor");
  });

  it("treats other sites as external, so they open in a new tab", () => {
    expect(linkKind("https://reservas.example.com/videollamada")).toBe("external");
    expect(linkKind("http://example.com")).toBe("external");
    expect(linkKind("//cdn.example.com/x")).toBe("external");
    expect(linkKind("  HTTPS://EXAMPLE.COM ")).toBe("external");
  });

  it("keeps mailto: and tel: in place", () => {
    expect(linkKind("mailto:hola@leadsb2b.es")).toBe("protocol");
    expect(linkKind("tel:+34600000000")).toBe("protocol");
  });
});

describe("telHref", () => {
  it("keeps the leading + and the digits of a displayed number", () => {
    expect(telHref("+34 600 000 000")).toBe("tel:+34600000000");
    expect(telHref("(+34) 600-00-00-00")).toBe("tel:+34600000000");
    expect(telHref("600 000 000")).toBe("tel:600000000");
  });
});
