// The shipped Varnish configuration keys a page as the instance does (CONTRACT §14, 'one page, one
// entry'): its list of the query parameters each page reads is the instance's (server/cache-key.ts,
// PAGE_QUERY_PARAMS), and its key, worked out here with the very expressions of
// deploy/varnish/leads-site.vcl (PCRE and JavaScript agree on these), drops click ids, utm_* and junk
// while never being coarser than the instance's: two requests Varnish answers with one copy are one
// page to the instance.
import fs from "node:fs";
import path from "node:path";

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { PAGE_QUERY_PARAMS, pageCacheKey } from "../../server/cache-key";

const VCL = fs.readFileSync(
  path.resolve(import.meta.dirname, "..", "..", "deploy", "varnish", "leads-site.vcl"),
  "utf8",
);

/** The body of `sub edge_cache_key { … }`. */
const keySub = /\nsub edge_cache_key \{\n([\s\S]*?)\n\}\n/.exec(VCL)?.[1] ?? "";

/** Each page with a list of its own in the VCL: path → [its regsuball pattern, the names it keeps]. */
function vclPageLists(): Map<string, { pattern: string; names: string[] }> {
  const lists = new Map<string, { pattern: string; names: string[] }>();
  const branch =
    /req\.url ~ "\^(\/[^"(]*)\(\\\?\|\$\)"\) \{\n\s*set req\.http\.x-cache-key = regsuball\(req\.http\.x-cache-key, "([^"]+)", "\\1"\);/g;
  for (const [, page, pattern] of keySub.matchAll(branch)) {
    const names = /\(\?!\(\?:([^)]*)\)/.exec(pattern!)?.[1]?.split("|") ?? [];
    lists.set(page!, { pattern: pattern!, names });
  }
  return lists;
}

/** The expressions of the sub, by what they do, read from the VCL text. */
function vclExpression(line: RegExp): RegExp {
  const found = line.exec(keySub)?.[1];
  if (!found) throw new Error(`deploy/varnish/leads-site.vcl: no ${line} in edge_cache_key`);
  return new RegExp(found, "g");
}

/** The key Varnish hashes for a GET without cookies (edge_cache_key), in JavaScript. */
function vclKey(url: string): string {
  const lists = vclPageLists();
  const resource = new RegExp(/req\.url !~ "(\^\/\(images[^"]*)"/.exec(keySub)![1]!);
  const fileName = new RegExp(/req\.url !~ "(\^\[\^\?\]\*[^"]*)"/.exec(keySub)![1]!);
  if (resource.test(url) || fileName.test(url)) return url;
  const path = url.split("?")[0]!;
  const list = lists.get(path);
  let key = list
    ? url.replace(new RegExp(list.pattern, "g"), "$1")
    : url.replace(vclExpression(/regsub\(req\.http\.x-cache-key, "(\\\?\.\*\$)", ""\)/), "");
  key = key.replace(vclExpression(/regsuball\(req\.http\.x-cache-key, "(&\{2,\})", "&"\)/), "&");
  key = key.replace(/\?&/, "?").replace(/[?&]$/, "");
  const twice = new RegExp(
    /req\.http\.x-cache-key !~ "([^"]+)"\) \{\n\s*set req\.http\.x-cache-key = std\.querysort/.exec(keySub)![1]!,
  );
  const at = key.indexOf("?");
  if (at !== -1 && !twice.test(key)) {
    // std.querysort: the parameters in byte order.
    key = `${key.slice(0, at)}?${key
      .slice(at + 1)
      .split("&")
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
      .join("&")}`;
  }
  return key;
}

const instanceKey = (url: string) => pageCacheKey({ method: "GET", url, headers: {} });

describe("the shipped VCL's cache key", () => {
  it("keeps, for each page, exactly the query parameters the instance's page cache keeps", () => {
    const lists = vclPageLists();
    expect(lists.size).toBeGreaterThan(0);
    for (const [page, names] of Object.entries(PAGE_QUERY_PARAMS)) {
      // The API never reaches the key: Varnish passes /api/ to an instance.
      if (page.startsWith("/api/")) {
        expect(VCL).toContain('req.url ~ "(?i)^/(api|metrics|healthz)([/?]|$)"');
        continue;
      }
      expect(lists.get(page)?.names.sort(), page).toEqual([...names].sort());
    }
    for (const page of lists.keys()) expect(Object.keys(PAGE_QUERY_PARAMS), page).toContain(page);
  });

  const page = fc.constantFrom("/", "/sectores", "/calculadora", "/contacto", "/sectores/construccion");
  const name = fc.constantFrom(
    "q",
    "pagina",
    "sector",
    "presupuesto",
    "ver",
    "gclid",
    "gbraid",
    "wbraid",
    "fbclid",
    "msclkid",
    "utm_source",
    "utm_campaign",
    "junk",
    "Q",
    "%71",
    "q+",
    "",
    "qq",
  );
  const value = fc.constantFrom("", "a", "b", "Log%C3%ADstica", "%61", "1", "x=y", "a+b");
  const pair = fc.tuple(name, fc.option(value)).map(([n, v]) => (v === null ? n : `${n}=${v}`));
  const url = fc
    .tuple(page, fc.array(pair, { maxLength: 5 }), fc.boolean())
    .map(([p, pairs, mark]) => (pairs.length || mark ? `${p}?${pairs.join("&")}` : p));

  it("is never coarser than the instance's: one copy in Varnish is one page to the instance", () => {
    fc.assert(
      fc.property(url, url, (a, b) => {
        if (vclKey(a) === vclKey(b)) expect(instanceKey(a), `${a} and ${b}`).toBe(instanceKey(b));
      }),
      { numRuns: 5000 },
    );
    // Pairs that share a VCL key, so the property above is not idle.
    expect(vclKey("/sectores?q=a&gclid=1")).toBe(vclKey("/sectores?gclid=2&q=a"));
  });

  it("leaves ad click ids, utm_* and junk out of the key: a page cached once answers them all", () => {
    const extra = fc.array(
      fc.tuple(
        fc.constantFrom(
          "gclid",
          "gbraid",
          "wbraid",
          "fbclid",
          "msclkid",
          "utm_source",
          "utm_medium",
          "utm_term",
          "junk",
        ),
        fc.string({ unit: fc.constantFrom(..."abcXYZ019-_.~%"), maxLength: 20 }).map((v) => v.replace(/%/g, "%25")),
      ),
      { minLength: 1, maxLength: 4 },
    );
    const base = fc.constantFrom(
      "/",
      "/sectores",
      "/sectores?q=obras",
      "/calculadora?sector=Otros&presupuesto=900",
      "/contacto",
    );
    fc.assert(
      fc.property(base, extra, fc.boolean(), (start, pairs, first) => {
        const added = pairs.map(([n, v]) => `${n}=${v}`).join("&");
        const [path, query] = start.split("?");
        const withExtra = query
          ? first
            ? `${path}?${added}&${query}`
            : `${path}?${query}&${added}`
          : `${path}?${added}`;
        expect(vclKey(withExtra), withExtra).toBe(vclKey(start));
      }),
      { numRuns: 2000 },
    );
    expect(vclKey("/sectores?junk=17")).toBe("/sectores");
    expect(vclKey("/?gclid=abc&utm_source=google")).toBe("/");
  });

  it("keeps the whole query of images, cards, build files and other files, whose handlers read it", () => {
    for (const target of [
      "/images/local/production/A-10x10.png?w=640&q=75",
      "/social/inicio.png?v=3",
      "/icons.svg?v=1",
    ])
      expect(vclKey(target)).toBe(target);
  });
});
