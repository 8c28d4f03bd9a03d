import { renderToStaticMarkup } from "react-dom/server";

import { PortableText, safeHref } from "~/components/ui/PortableText";

function block(style: string, text: string, link?: string, listItem?: string) {
  return {
    _type: "block",
    _key: `${style}-${text}`,
    style,
    ...(listItem ? { listItem, level: 1 } : {}),
    markDefs: link ? [{ _type: "link", _key: "l1", href: link }] : [],
    children: [{ _type: "span", _key: "s1", text, marks: link ? ["l1"] : [] }],
  };
}

describe("Portable Text", () => {
  it("renders headings, paragraphs and lists as HTML", () => {
    const html = renderToStaticMarkup(
      <PortableText
        value={[
          block("h2", "Aviso legal"),
          block("h3", "Precios"),
          block("normal", "Texto"),
          block("normal", "Uno", undefined, "bullet"),
        ]}
      />,
    );
    expect(html).toMatch(/<h2[^>]*>Aviso legal<\/h2>/);
    expect(html).toMatch(/<h3[^>]*>Precios<\/h3>/);
    expect(html).toMatch(/<p[^>]*>Texto<\/p>/);
    expect(html).toMatch(/<ul[^>]*><li[^>]*>Uno<\/li><\/ul>/);
  });

  it("opens other sites in a new tab with rel noopener, and keeps mailto links in place", () => {
    const html = renderToStaticMarkup(
      <PortableText
        value={[block("normal", "AEPD", "https://www.aepd.es"), block("normal", "Email", "mailto:hola@leadsb2b.es")]}
      />,
    );
    expect(html).toMatch(
      /<a href="https:\/\/www.aepd.es"[^>]*target="_blank"[^>]*rel="noopener noreferrer"[^>]*>AEPD<\/a>/,
    );
    expect(html).toMatch(/<a href="mailto:hola@leadsb2b.es"[^>]*>Email<\/a>/);
    expect(html).not.toMatch(/mailto:[^"]*"[^>]*target=/);
  });

  it("never turns javascript: or other unsafe addresses into links", () => {
    const html = renderToStaticMarkup(<PortableText value={[block("normal", "Pulsa", "javascript:alert(1)")]} />);
    expect(html).not.toContain("<a");
    expect(html).not.toContain("javascript:");
    expect(html).toContain("Pulsa");
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("data:text/html,hi")).toBeNull();
    expect(safeHref("borrador")).toBeNull();
    expect(safeHref("/borrador")).toBe("/borrador");
    expect(safeHref("#cookies")).toBe("#cookies");
    expect(safeHref("tel:+34600000000")).toBe("tel:+34600000000");
    expect(safeHref(undefined)).toBeNull();
  });

  it("renders nothing for empty content and skips unknown block types", () => {
    expect(renderToStaticMarkup(<PortableText value={[]} />)).toBe("");
    expect(renderToStaticMarkup(<PortableText value={null} />)).toBe("");
    const html = renderToStaticMarkup(
      <PortableText value={[{ _type: "mystery", _key: "x" }, block("normal", "Visible")]} />,
    );
    expect(html).toContain("Visible");
    expect(html).not.toContain("mystery");
  });
});
