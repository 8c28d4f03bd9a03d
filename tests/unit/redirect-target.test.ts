// Redirect targets from input (a `redirect` parameter, a Referer): only a plain path of the site is kept;
// the known open-redirect payloads all become `/`.
import { describe, expect, it } from "vitest";

import { safeRedirectTarget } from "~/lib/redirect-target";

const OPEN_REDIRECT_PAYLOADS = [
  // Other hosts and schemes.
  "//evil.example",
  "///evil.example",
  "////evil.example/",
  "https://evil.example",
  "http:evil.example",
  "HTTPS://evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,<script>alert(1)</script>",
  "evil.example",
  "@evil.example",
  // Backslashes, which browsers read as slashes.
  "/\\evil.example",
  "\\/evil.example",
  "\\\\evil.example",
  "/\\/evil.example",
  "/x\\..\\..\\evil",
  // Tabs, newlines and other controls (browsers drop tabs and newlines from a URL).
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "/%0d%0aSet-Cookie:x=1",
  "/\u0000/evil.example",
  "/\u0085/evil.example",
  "/\u007f/evil.example",
  "/\u202e/evil.example",
  // Their percent-encodings, single and double.
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%2f/evil.example",
  "/%2F%2Fevil.example",
  "%2F%2Fevil.example",
  "/%5cevil.example",
  "/%5C%5Cevil.example",
  "/%252f/evil.example",
  "/%25252f/evil.example",
  "/%2509/evil.example",
  "/%00/evil.example",
  "/%e2%80%ae/evil.example",
  "/%E3%80%80/evil.example",
  // Leading or inner spaces.
  " /evil.example",
  " //evil.example",
  "\u3000//evil.example",
  "/ /evil.example",
  // Malformed escapes, nothing, too much.
  "/%",
  "/%zz",
  "",
  "?x=1",
  "#top",
  `/${"a".repeat(5000)}`,
];

describe("safeRedirectTarget", () => {
  it.each(OPEN_REDIRECT_PAYLOADS)("sends %j to /", (payload) => {
    expect(safeRedirectTarget(payload)).toBe("/");
  });

  it.each([
    "/",
    "/contacto",
    "/sectores/construccion",
    "/calculadora?sector=Ecommerce&presupuesto=1000",
    "/mensual#planes",
    "/sectores/construcci%C3%B3n",
    "/landing-verano?utm_source=google&gclid=Cj0KCQ",
  ])("keeps the site path %s", (path) => {
    expect(safeRedirectTarget(path)).toBe(path);
  });

  it("never throws, whatever it is given", () => {
    for (const value of [null, undefined, 42, {}, [], "\ud800", "/\ud800"]) {
      expect(() => safeRedirectTarget(value)).not.toThrow();
      expect(safeRedirectTarget(value)).toBe("/");
    }
  });
});
