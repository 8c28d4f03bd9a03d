// Renaming a published sector page's slug: the publish action's plan for the redirects, and the
// action that runs it around the Studio's own publish.
import { describe, expect, it } from "vitest";
import { planSlugRedirect, withSlugRedirect } from "../actions/slug-redirect";
import { documentActions } from "../singletons";
import { checkRedirectDestination, checkRedirectSource, normalizeSitePath } from "../schemaTypes/redirect-paths";

describe("planSlugRedirect", () => {
  it("creates a permanent redirect from the old address to the new one", () => {
    expect(planSlugRedirect("reformas", "reformas-integrales", [])).toEqual({
      create: {
        _id: "redirect.sectores-reformas",
        _type: "redirect",
        source: "/sectores/reformas",
        destination: "/sectores/reformas-integrales",
        permanent: true,
        enabled: true,
      },
      patches: [],
    });
  });

  it("does nothing on a first publish, an unchanged slug or a missing one", () => {
    expect(planSlugRedirect(undefined, "nuevo", [])).toBeNull();
    expect(planSlugRedirect("igual", "igual", [])).toBeNull();
    expect(planSlugRedirect("viejo", undefined, [])).toBeNull();
  });

  it("keeps chains one hop: redirects that led to the old address now lead to the new one", () => {
    const plan = planSlugRedirect("b", "c", [
      { _id: "redirect.sectores-a", source: "/sectores/a", destination: "/sectores/b" },
    ]);
    expect(plan?.create).toMatchObject({ source: "/sectores/b", destination: "/sectores/c" });
    expect(plan?.patches).toEqual([{ id: "redirect.sectores-a", set: { destination: "/sectores/c" } }]);
  });

  it("reuses an existing redirect from the old address, and switches off the one from the new address when renamed back", () => {
    const existing = [
      { _id: "redirect.sectores-a", source: "/sectores/a", destination: "/sectores/b", enabled: true },
      { _id: "redirect.sectores-b", source: "/sectores/b", destination: "/otra", enabled: false },
    ];
    const plan = planSlugRedirect("b", "a", existing);
    expect(plan?.create).toBeNull();
    expect(plan?.patches).toEqual([
      { id: "redirect.sectores-b", set: { destination: "/sectores/a", permanent: true, enabled: true } },
      { id: "redirect.sectores-a", set: { enabled: false } },
    ]);
  });

  it("never reuses a taken document id", () => {
    const plan = planSlugRedirect("x", "y", [{ _id: "redirect.sectores-x", source: "/otra", destination: "/z" }]);
    expect(plan?.create?._id).toBe("redirect.sectores-x-2");
  });
});

describe("the sector page's publish action", () => {
  it("is wrapped to create the rename's redirect, and keeps its identity", () => {
    const publish = Object.assign(() => null, { action: "publish" as const });
    const other = Object.assign(() => null, { action: "delete" as const });
    const context = { schemaType: "sectorPage" } as Parameters<typeof documentActions>[1];
    const actions = documentActions([publish, other] as never, context) as { action?: string }[];
    expect(actions.map((action) => action.action)).toEqual(["publish", "delete"]);
    expect(actions[0]).not.toBe(publish);
    expect(actions[1]).toBe(other);
    expect(withSlugRedirect(publish as never).action).toBe("publish");
  });
});

describe("redirect addresses", () => {
  it("normalizes paths the way the site matches them", () => {
    expect(normalizeSitePath(" /Sectores//Viejo/?utm_source=x#a ")).toBe("/sectores/viejo");
    expect(normalizeSitePath("/sectores/construcci%C3%B3n")).toBe("/sectores/construcción");
    expect(normalizeSitePath("sectores")).toBeNull();
    expect(normalizeSitePath("//evil.example")).toBeNull();
  });

  it("accept site paths and https:// addresses only, never the source itself", () => {
    expect(checkRedirectSource("/oferta-2024")).toBe(true);
    expect(checkRedirectSource("/Oferta/")).toMatch(/«\/oferta»/);
    expect(checkRedirectSource("/")).not.toBe(true);
    expect(checkRedirectDestination("/mensual", "/oferta")).toBe(true);
    expect(checkRedirectDestination("/calculadora?sector=Otros", "/oferta")).toBe(true);
    expect(checkRedirectDestination("https://example.com/x", "/oferta")).toBe(true);
    expect(checkRedirectDestination("http://example.com", "/oferta")).toMatch(/https/);
    expect(checkRedirectDestination("javascript:alert(1)", "/oferta")).toMatch(/https/);
    expect(checkRedirectDestination("/Oferta/", "/oferta")).toMatch(/misma/);
  });
});
