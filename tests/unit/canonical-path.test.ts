// One spelling per path at the door: every other spelling of a page's path is sent to its own, a path no
// page can have is refused, and no verdict ever sends anyone off the site.
/* eslint-disable no-control-regex -- control characters in targets are what these tests send. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { canonicalPath, canonicalTarget } from "../../server/canonical-path";

const redirect = (location: string) => ({ kind: "redirect", location });
const NOT_A_PATH = { kind: "not-a-path" };
const MALFORMED = { kind: "malformed" };

describe("canonicalTarget", () => {
  it("leaves canonical targets alone", () => {
    for (const target of [
      "/",
      "/sectores",
      "/sectores/construccion",
      "/calculadora?sector=Otros&x=A",
      "/sectores?q=a//b/../c",
      "/build/entry.client-KCHGY0ZR.js",
      "/images/local/production/A-1200x800.png?w=640&q=75&auto=format",
      "/social/sectores/Construccion.png",
      "/api/consent",
      "/api/sectores?q=Log%C3%ADstica",
      "/Sitemap.xml",
      "/construcci%C3%B3n",
      "/a%20b",
    ]) {
      expect(canonicalTarget(target), target).toEqual({ kind: "canonical" });
    }
  });

  it("sends doubled and trailing slashes, dot segments and encoded letters to the page's own path", () => {
    const spellings = [
      "/sectores/",
      "/sectores//",
      "/sectores///",
      "//sectores",
      "///sectores/",
      "/./sectores",
      "/sectores/.",
      "/x1/../sectores",
      "/x1/x2/../../sectores",
      "/../sectores",
      "/sectores/x/..",
      "/%53ectores",
      "/%73%65%63%74%6f%72%65%73",
      "/sector%65s",
      "/x1/%2e%2e/sectores",
      "/x1/%2E%2E/sectores/",
      "/%2e/sectores",
      "/SECTORES",
      "/Sectores/",
      "/%53ECTORES//",
      "http://localhost:3000/sectores",
      "https://evil.example/sectores",
    ];
    for (const spelling of spellings) expect(canonicalTarget(spelling), spelling).toEqual(redirect("/sectores"));
  });

  it("keeps the query string as it was sent", () => {
    expect(canonicalTarget("/sectores//?q=Log%C3%ADstica&page=2")).toEqual(
      redirect("/sectores?q=Log%C3%ADstica&page=2"),
    );
    expect(canonicalTarget("/Calculadora?sector=Otros&X=1")).toEqual(redirect("/calculadora?sector=Otros&X=1"));
    expect(canonicalTarget("/x/../contacto?")).toEqual(redirect("/contacto?"));
  });

  it("decodes unreserved characters anywhere, and writes other escapes with upper-case hex", () => {
    expect(canonicalTarget("/sectores/construcci%c3%b3n")).toEqual(redirect("/sectores/construcci%C3%B3n"));
    expect(canonicalTarget("/sectores/gestor%2Dde%5Fflotas%7E")).toEqual(redirect("/sectores/gestor-de_flotas~"));
    expect(canonicalTarget("/%62uild/entry.client.js")).toEqual(redirect("/build/entry.client.js"));
    expect(canonicalTarget("//images/local/A.png?w=1")).toEqual(redirect("/images/local/A.png?w=1"));
  });

  it("normalises paths under build output, images, cards and the API too, keeping file names' case", () => {
    expect(canonicalTarget("/images/local/./A.png")).toEqual(redirect("/images/local/A.png"));
    expect(canonicalTarget("/images/")).toEqual(NOT_A_PATH);
    expect(canonicalTarget("/SOCIAL/")).toEqual(NOT_A_PATH);
    expect(canonicalTarget("/api")).toEqual(NOT_A_PATH);
    expect(canonicalTarget("/sectores/..//build//")).toEqual(NOT_A_PATH);
    expect(canonicalTarget("/social//sectores/Construccion.png")).toEqual(
      redirect("/social/sectores/Construccion.png"),
    );
    expect(canonicalTarget("/api/sectores/?q=x")).toEqual(redirect("/api/sectores?q=x"));
    expect(canonicalTarget("/API/consent")).toEqual(redirect("/api/consent"));
    expect(canonicalTarget("/Api/Sectores?q=X")).toEqual(redirect("/api/sectores?q=X"));
    expect(canonicalTarget("/build//entry.js")).toEqual(redirect("/build/entry.js"));
    expect(canonicalTarget("/BUILD/entry.client-KCHGY0ZR.js")).toEqual(redirect("/build/entry.client-KCHGY0ZR.js"));
    expect(canonicalTarget("/IMAGES/local/production/A.png?w=1")).toEqual(
      redirect("/images/local/production/A.png?w=1"),
    );
    expect(canonicalTarget("http://localhost/images/local/A.png?w=1")).toEqual(redirect("/images/local/A.png?w=1"));
    expect(canonicalTarget("/Robots.txt/")).toEqual(redirect("/Robots.txt"));
    expect(canonicalTarget("/x/../Social/a/B.png")).toEqual(redirect("/social/a/B.png"));
    expect(canonicalTarget("/images/%E0%A4%A")).toEqual(MALFORMED);
    expect(canonicalTarget("/images/local/production/%00.png")).toEqual(NOT_A_PATH);
    expect(canonicalTarget("/social/..%2f..%2fetc%2fpasswd.png")).toEqual(NOT_A_PATH);
  });

  it("resolves dot segments and doubled slashes before any prefix is looked at: no spelling leaves a prefix as a page", () => {
    const spellings: Array<[string, string]> = [
      ["/api/x/../../contacto", "/contacto"],
      ["/API/../contacto", "/contacto"],
      ["/api/..", "/"],
      ["/images/1/../../sectores", "/sectores"],
      ["/IMAGES/../contacto", "/contacto"],
      ["//api/..//sectores", "/sectores"],
      ["/api/%2e%2e/sectores", "/sectores"],
      ["/social/%2E%2E/%2e%2e/sectores/construccion", "/sectores/construccion"],
      ["/build/x/../../Sectores/", "/sectores"],
      ["/build/./../calculadora?sector=Otros", "/calculadora?sector=Otros"],
      ["/%61pi/x/../../contacto", "/contacto"],
      ["/api/./../metrics", "/metrics"],
      ["/images/../healthz", "/healthz"],
      ["/x/../api/sectores?q=a", "/api/sectores?q=a"],
    ];
    for (const [spelling, page] of spellings) expect(canonicalTarget(spelling), spelling).toEqual(redirect(page));
  });

  it("answers 404 to escapes of what no page holds: slashes, backslashes, control characters", () => {
    for (const target of [
      "/sectores%2Fconstruccion",
      "/sectores%2fconstruccion",
      "/%2F%2Fevil.example/",
      "/%5Cevil.example",
      "/sectores%00",
      "/sectores%0d%0aSet-Cookie:x=1",
      "/sectores%7F",
    ]) {
      expect(canonicalTarget(target), JSON.stringify(target)).toEqual(NOT_A_PATH);
    }
  });

  it("answers 400 to what is no well-formed target: bad escapes, raw characters no URL holds", () => {
    for (const target of [
      "/\\evil.example",
      "/sectores\u0001",
      "/sectores%",
      "/sectores%4",
      "/sectores%zz",
      "/sectores%FF",
      "/sectores%C3",
      "/sectores%C3%28",
      "/sectores caídos",
      "/sectores/caída",
      "/sectores?x=\u0000",
      "*",
      "evil.example:443",
      "ftp://evil.example/x",
      "http://localhost/images/\\evil.example",
      "/images/caída.png",
    ]) {
      expect(canonicalTarget(target), JSON.stringify(target)).toEqual(MALFORMED);
    }
  });
});

// Arbitrary request targets, biased towards the characters that make spellings: slashes, dots, `%`
// followed by hex digits, letters of both cases.
const spellingChar = fc.constantFrom(
  ..."/./../%2e%2E%2f%2F%5c%53%73%41%7e%00%C3%B3%G-_~aAzZ09?&=:@\\\u0001 ".split(""),
  "%2e",
  "%2F",
  "%53",
  "%c3%b3",
  "..",
  "//",
  "/./",
  "/../",
);
const target = fc.array(spellingChar, { maxLength: 40 }).map((parts) => `/${parts.join("")}`);
const anyTarget = fc.oneof(
  target,
  fc.string({ maxLength: 40 }),
  fc.string({ maxLength: 40 }).map((s) => `/${s}`),
);

describe("canonicalTarget, for any target", () => {
  it("never throws, and a redirect always names a plain path of the site", () => {
    fc.assert(
      fc.property(anyTarget, (raw) => {
        const verdict = canonicalTarget(raw);
        if (verdict.kind !== "redirect") return;
        expect(verdict.location.startsWith("/")).toBe(true);
        expect(verdict.location.startsWith("//")).toBe(false);
        expect(verdict.location).not.toMatch(/[\x00-\x1f\x7f]/);
        const path = verdict.location.split("?")[0]!;
        expect(path).not.toContain("\\");
        expect(path === "/" || !path.endsWith("/")).toBe(true);
        expect(path.split("/").slice(1)).not.toContain("..");
        expect(path.split("/").slice(1)).not.toContain(".");
      }),
      { numRuns: 3000 },
    );
  });

  it("is idempotent: a redirect's target is canonical, so nobody is sent round in circles", () => {
    fc.assert(
      fc.property(anyTarget, (raw) => {
        const verdict = canonicalTarget(raw);
        if (verdict.kind === "redirect") expect(canonicalTarget(verdict.location)).toEqual({ kind: "canonical" });
      }),
      { numRuns: 3000 },
    );
  });

  it("gives every spelling of a page the page's own path: slashes, dot segments, escapes and case", () => {
    const page = fc.constantFrom("/sectores", "/contacto", "/sectores/construccion", "/calculadora", "/");
    const spell = (pagePath: string, seeds: number[]) => {
      const segments = pagePath.split("/").filter(Boolean);
      let out = "";
      segments.forEach((segment, i) => {
        const seed = seeds[i % seeds.length] ?? 0;
        out += "/".repeat(1 + (seed % 3));
        if (seed & 4) out += `x${seed}/${seed & 8 ? "%2e%2e" : ".."}/`;
        if (seed & 16) out += "./";
        out += [...segment]
          .map((char, at) => {
            const bit = (seed >> (at % 5)) & 1;
            if (!bit) return char;
            return (seed + at) % 2
              ? char.toUpperCase()
              : `%${char.charCodeAt(0).toString(16)[(seed & 32) === 0 ? "toUpperCase" : "toLowerCase"]()}`;
          })
          .join("");
      });
      return `${out}${"/".repeat(seeds[0]! % 3)}` || "/";
    };
    fc.assert(
      fc.property(page, fc.array(fc.nat(255), { minLength: 1, maxLength: 4 }), (pagePath, seeds) => {
        const spelling = spell(pagePath, seeds);
        const verdict = canonicalTarget(spelling);
        if (spelling === pagePath) expect(verdict).toEqual({ kind: "canonical" });
        else expect(verdict, spelling).toEqual(redirect(pagePath));
      }),
      { numRuns: 3000 },
    );
  });

  it("sends every spelling that passes through a prefix to the path it names, never leaving it as it came", () => {
    const prefix = fc.constantFrom("api", "images", "social", "build", "API", "Images", "%61pi", "BUILD");
    const page = fc.constantFrom("/sectores", "/contacto", "/sectores/construccion", "/calculadora", "/");
    const up = fc.constantFrom("..", "%2e%2e", "%2E%2E", ".%2e");
    fc.assert(
      fc.property(
        prefix,
        fc.array(fc.constantFrom("x", "1", ".", "", "Y"), { maxLength: 3 }),
        up,
        fc.nat(2),
        page,
        (first, inside, dots, extraSlashes, pagePath) => {
          // Down into the prefix, back up out of it as many levels as it went down, then the page.
          const depth = 1 + inside.filter((segment) => segment !== "." && segment !== "").length;
          const spelling = `${"/".repeat(1 + extraSlashes)}${[first, ...inside].join("/")}/${Array(depth).fill(dots).join("/")}${pagePath}`;
          expect(canonicalTarget(spelling), spelling).toEqual(redirect(pagePath));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("changes nothing but case in a segment's text: every other escape keeps its character", () => {
    const text = fc
      .string({ unit: "grapheme", minLength: 1, maxLength: 12 })
      .filter((value) => !/[./\\\x00-\x1f\x7f-\x9f]/.test(value));
    fc.assert(
      fc.property(text, (value) => {
        const encoded = `/p/${encodeURIComponent(value)}`;
        const canonical = canonicalPath(encoded);
        expect(typeof canonical).toBe("string");
        expect(decodeURIComponent(canonical as string)).toBe(`/p/${value.replace(/[A-Z]/g, (c) => c.toLowerCase())}`);
      }),
      { numRuns: 2000 },
    );
  });
});
