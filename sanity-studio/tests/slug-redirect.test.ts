// Renaming a published sector page's slug: the publish action's plan for the redirects, and the
// action that runs it around the Studio's own publish.
import { describe, expect, it } from "vitest";
import {
  planSlugRedirect,
  publishFailureMessage,
  publishRenamedPage,
  withSlugRedirect,
} from "../actions/slug-redirect";
import { createDatasetClient, type DatasetDocument } from "./support/dataset";
import { publicUrl } from "../components/PublicAddressInput";
import { documentActions } from "../singletons";
import { checkRedirectDestination, checkRedirectSource, normalizeSitePath } from "../schemaTypes/redirect-paths";

describe("planSlugRedirect", () => {
  it("creates a permanent redirect from the old address to the new one", () => {
    expect(planSlugRedirect("sectorPage", "reformas", "reformas-integrales", [])).toEqual({
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
    expect(planSlugRedirect("sectorPage", undefined, "nuevo", [])).toBeNull();
    expect(planSlugRedirect("sectorPage", "igual", "igual", [])).toBeNull();
    expect(planSlugRedirect("sectorPage", "viejo", undefined, [])).toBeNull();
  });

  it("keeps chains one hop: redirects that led to the old address now lead to the new one", () => {
    const plan = planSlugRedirect("sectorPage", "b", "c", [
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
    const plan = planSlugRedirect("sectorPage", "b", "a", existing);
    expect(plan?.create).toBeNull();
    expect(plan?.patches).toEqual([
      { id: "redirect.sectores-b", set: { destination: "/sectores/a", permanent: true, enabled: true } },
      { id: "redirect.sectores-a", set: { enabled: false } },
    ]);
  });

  it("never reuses a taken document id", () => {
    const plan = planSlugRedirect("sectorPage", "x", "y", [
      { _id: "redirect.sectores-x", source: "/otra", destination: "/z" },
    ]);
    expect(plan?.create?._id).toBe("redirect.sectores-x-2");
  });
});

describe("planSlugRedirect on a campaign page", () => {
  it("redirects the old top-level address to the new one, with an id the Content Lake accepts", () => {
    expect(planSlugRedirect("campaignPage", "ads/reformas-madrid", "reformas-madrid-2026", [])).toEqual({
      create: {
        _id: "redirect.ads-reformas-madrid",
        _type: "redirect",
        source: "/ads/reformas-madrid",
        destination: "/reformas-madrid-2026",
        permanent: true,
        enabled: true,
      },
      patches: [],
    });
  });
});

/**
 * A client over `documents` that records the one transaction the publish commits, in order; `fail` makes
 * the commit fail as the Content Lake does (a revision lock, a network error): nothing of it is applied.
 */
function recordingClient(documents: DatasetDocument[], { fail }: { fail?: Error } = {}) {
  const committed: unknown[][] = [];
  const client = {
    fetch: createDatasetClient(documents).fetch,
    transaction() {
      const operations: unknown[] = [];
      const transaction = {
        createOrReplace: (document: unknown) => (operations.push({ createOrReplace: document }), transaction),
        createIfNotExists: (document: unknown) => (operations.push({ createIfNotExists: document }), transaction),
        delete: (id: string) => (operations.push({ delete: id }), transaction),
        patch: (id: string, patch: unknown) => (operations.push({ patch: { id, ...(patch as object) } }), transaction),
        commit: async () => {
          if (fail) throw fail;
          committed.push(operations);
        },
      };
      return transaction;
    },
  };
  return { client: client as never, committed };
}

const oldRedirect = {
  _id: "redirect.promo",
  _type: "redirect",
  source: "/promo-vieja",
  destination: "/reformas",
  enabled: true,
} as unknown as DatasetDocument;

const page = (id: string, slug: string, rev: string) => ({
  _id: id,
  _type: "campaignPage",
  _rev: rev,
  _updatedAt: "2026-01-01T00:00:00Z",
  title: "Reformas",
  slug: { _type: "slug", current: slug },
});
const livePage = page("campaignPage.reformas", "reformas", "rev-live");
const renamedDraft = page("drafts.campaignPage.reformas", "reformas-madrid", "rev-draft");

describe("publishing a renamed page", () => {
  it("publishes the page and its redirects in one transaction, the page only if unchanged meanwhile", async () => {
    const { client, committed } = recordingClient([oldRedirect]);
    await publishRenamedPage(client, "campaignPage", livePage, renamedDraft);
    expect(committed).toHaveLength(1);
    const { _updatedAt: _u, ...published } = { ...renamedDraft, _id: "campaignPage.reformas" };
    expect(committed[0]).toEqual([
      { patch: { id: "campaignPage.reformas", unset: ["_revision_lock_pseudo_field_"], ifRevisionID: "rev-live" } },
      {
        patch: {
          id: "drafts.campaignPage.reformas",
          unset: ["_revision_lock_pseudo_field_"],
          ifRevisionID: "rev-draft",
        },
      },
      { createOrReplace: published },
      { delete: "drafts.campaignPage.reformas" },
      {
        createIfNotExists: {
          _id: "redirect.reformas",
          _type: "redirect",
          source: "/reformas",
          destination: "/reformas-madrid",
          permanent: true,
          enabled: true,
        },
      },
      { patch: { id: "redirect.promo", set: { destination: "/reformas-madrid" } } },
    ]);
  });

  it("leaves nothing behind when the publish fails: no redirect without the page, the error is the editor's", async () => {
    const { client, committed } = recordingClient([oldRedirect], { fail: new Error("409 revision mismatch") });
    const error = await publishRenamedPage(client, "campaignPage", livePage, renamedDraft).catch((caught) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(committed).toEqual([]);
    expect(publishFailureMessage(error).title).toMatch(/No se ha publicado/);
    expect(publishFailureMessage(error).description).toMatch(/ha cambiado mientras publicabas/);
    expect(publishFailureMessage(new TypeError("Failed to fetch")).description).toMatch(/conexión/);
  });

  it("strengthens references to pages published since, as the Studio's own publish does", async () => {
    const { client, committed } = recordingClient([]);
    const weak = {
      _type: "reference",
      _ref: "campaignPage.otra",
      _weak: true,
      _strengthenOnPublish: { type: "campaignPage" },
    };
    const kept = {
      _type: "reference",
      _ref: "campaignPage.x",
      _weak: true,
      _strengthenOnPublish: { type: "campaignPage", weak: true },
    };
    const draft = { ...renamedDraft, blocks: [{ _key: "c", link: weak, other: [kept] }] };
    await publishRenamedPage(client, "campaignPage", livePage, draft);
    const published = committed[0]!.find((operation) => "createOrReplace" in (operation as object)) as {
      createOrReplace: { blocks: { link: unknown; other: unknown[] }[] };
    };
    expect(published.createOrReplace.blocks[0]!.link).toEqual({ _type: "reference", _ref: "campaignPage.otra" });
    expect(published.createOrReplace.blocks[0]!.other).toEqual([
      { _type: "reference", _ref: "campaignPage.x", _weak: true },
    ]);
  });

  it("flattens the chain in a redirect's draft too, so publishing that draft cannot bring it back", async () => {
    const draftOfOld = { ...oldRedirect, _id: "drafts.redirect.promo", permanent: false } as DatasetDocument;
    const { client, committed } = recordingClient([oldRedirect, draftOfOld]);
    await publishRenamedPage(client, "campaignPage", livePage, renamedDraft);
    expect(committed[0]).toContainEqual({ patch: { id: "redirect.promo", set: { destination: "/reformas-madrid" } } });
    expect(committed[0]).toContainEqual({
      patch: { id: "drafts.redirect.promo", set: { destination: "/reformas-madrid" } },
    });
  });

  it("publishes a sector page's rename with the redirect from its old address", async () => {
    const { client, committed } = recordingClient([]);
    await publishRenamedPage(
      client,
      "sectorPage",
      { _id: "sectorPage.dentistas", slug: { current: "dentistas" } },
      { _id: "drafts.sectorPage.dentistas", slug: { current: "clinicas-dentales" } },
    );
    expect(committed[0]).toContainEqual({
      createIfNotExists: expect.objectContaining({
        source: "/sectores/dentistas",
        destination: "/sectores/clinicas-dentales",
      }),
    });
  });

  it("writes nothing for a page that was never published (no live address) or whose address did not change", async () => {
    const { client, committed } = recordingClient([oldRedirect]);
    expect(await publishRenamedPage(client, "campaignPage", null, renamedDraft)).toBeNull();
    expect(await publishRenamedPage(client, "sectorPage", undefined, { slug: { current: "dentistas" } })).toBeNull();
    expect(
      await publishRenamedPage(client, "campaignPage", livePage, { ...renamedDraft, slug: livePage.slug }),
    ).toBeNull();
    expect(committed).toEqual([]);
  });
});

describe("planSlugRedirect with redirects' drafts", () => {
  it("repoints a draft that leads to the old address, fixes a draft from it, never reuses a draft's id", () => {
    const plan = planSlugRedirect("sectorPage", "x", "y", [
      { _id: "drafts.redirect.sectores-x", source: "/sectores/x", destination: "/otra" },
      { _id: "drafts.redirect.a", source: "/a", destination: "/sectores/x" },
    ]);
    expect(plan?.create?._id).toBe("redirect.sectores-x-2");
    expect(plan?.patches).toEqual([
      { id: "drafts.redirect.sectores-x", set: { destination: "/sectores/y", permanent: true, enabled: true } },
      { id: "drafts.redirect.a", set: { destination: "/sectores/y" } },
    ]);
  });
});

describe("the publish action of every page type with a public address", () => {
  it.each(["sectorPage", "campaignPage"])(
    "%s: is wrapped to create the rename's redirect, and keeps its identity",
    (schemaType) => {
      const publish = Object.assign(() => null, { action: "publish" as const });
      const other = Object.assign(() => null, { action: "delete" as const });
      const context = { schemaType } as Parameters<typeof documentActions>[1];
      const actions = documentActions([publish, other] as never, context) as { action?: string }[];
      expect(actions[0]?.action).toBe("publish");
      expect(actions[0]).not.toBe(publish);
      expect(actions[1]).toBe(other);
      expect(withSlugRedirect(publish as never, "campaignPage").action).toBe("publish");
    },
  );

  it("leaves the publish of types without an address alone", () => {
    const publish = Object.assign(() => null, { action: "publish" as const });
    const context = { schemaType: "faqItem" } as Parameters<typeof documentActions>[1];
    expect(documentActions([publish] as never, context)).toEqual([publish]);
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

describe("the address field", () => {
  it("shows the page's full public address, from the site's path rule", () => {
    expect(publicUrl("campaignPage", "ads/reformas")).toBe("http://localhost:3000/ads/reformas");
    expect(publicUrl("sectorPage", "dentistas")).toBe("http://localhost:3000/sectores/dentistas");
    expect(publicUrl("sectorPage", "")).toBeNull();
  });
});
