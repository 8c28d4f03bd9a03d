// The redirect rules on their own: path spelling, query merge, chains, loops, live pages.
import { normalizeSitePath, resolveRedirect, withVisitorQuery } from "~/domain/redirects";

const rule = (source: string, destination: string, permanent = true, enabled = true) => ({
  source,
  destination,
  permanent,
  enabled,
});

describe("normalizeSitePath", () => {
  it("gives one spelling per path and rejects what is not a site path", () => {
    expect(normalizeSitePath("/Sectores//Reformas/")).toBe("/sectores/reformas");
    expect(normalizeSitePath("/sectores/construcci%C3%B3n?x=1#a")).toBe("/sectores/construcción");
    expect(normalizeSitePath("/%E0%A4%A")).toBe("/%e0%a4%a");
    expect(normalizeSitePath("/")).toBe("/");
    for (const bad of ["", "sectores", "//evil.example", "https://x.es/a", null, undefined]) {
      expect(normalizeSitePath(bad)).toBeNull();
    }
  });
});

describe("withVisitorQuery", () => {
  it("adds the visitor's parameters, keeps the destination's, lets the visitor's value win, keeps the fragment", () => {
    expect(withVisitorQuery("/mensual", "?utm_source=g&gclid=1")).toBe("/mensual?utm_source=g&gclid=1");
    expect(withVisitorQuery("/mensual?plan=pro#planes", "?plan=basico&utm_medium=cpc")).toBe(
      "/mensual?plan=basico&utm_medium=cpc#planes",
    );
    expect(withVisitorQuery("https://x.es/a?b=1", "")).toBe("https://x.es/a?b=1");
    expect(withVisitorQuery("/a", "?_data=routes%2F%24&index&utm_id=7")).toBe("/a?utm_id=7");
  });
});

describe("resolveRedirect", () => {
  it("is null without a matching enabled rule, and for a live path", () => {
    const rules = [rule("/a", "/b"), rule("/off", "/b", true, false)];
    expect(resolveRedirect(rules, "/nada", "")).toBeNull();
    expect(resolveRedirect(rules, "/off", "")).toBeNull();
    expect(resolveRedirect(rules, "/a", "", (path) => path === "/a")).toBeNull();
  });

  it("follows a chain to its end in one hop; 301 only when every hop is permanent", () => {
    const rules = [rule("/a", "/b"), rule("/b", "/c", false), rule("/c", "https://x.es/fin")];
    expect(resolveRedirect(rules, "/a", "?gclid=1")).toEqual({
      kind: "redirect",
      location: "https://x.es/fin?gclid=1",
      status: 302,
    });
    expect(resolveRedirect(rules, "/c", "")).toEqual({ kind: "redirect", location: "https://x.es/fin", status: 301 });
  });

  it("stops a chain on a live page", () => {
    const rules = [rule("/a", "/sectores/x"), rule("/sectores/x", "/z")];
    expect(resolveRedirect(rules, "/a", "", (path) => path === "/sectores/x")).toMatchObject({
      location: "/sectores/x",
    });
  });

  it("reports a loop instead of redirecting forever", () => {
    expect(resolveRedirect([rule("/a", "/b"), rule("/b", "/a")], "/a", "")).toEqual({
      kind: "loop",
      chain: ["/a", "/b", "/a"],
    });
    expect(resolveRedirect([rule("/a", "/A/")], "/a", "")).toMatchObject({ kind: "loop" });
  });

  it("ignores rules with an unusable destination", () => {
    expect(resolveRedirect([rule("/a", "javascript:alert(1)"), rule("/b", "http://x.es")], "/a", "")).toBeNull();
    expect(resolveRedirect([rule("/b", "http://x.es")], "/b", "")).toBeNull();
  });
});
