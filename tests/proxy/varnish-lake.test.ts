// The shared cache tells the truth whatever happened before a change, on Sanity (CONTRACT §14): the
// shipped Varnish in front of two instances that read the Content Lake stand-in (sync tags, Live events).
// After a rolling restart of both instances (Varnish keeping every page), a body edit, a name change, a
// new page and a settings change are each seen within 2 s of their Live event and purge what they purge
// on instances that rendered the pages themselves; a Live event that comes while the refetch of the
// previous one is still in flight leaves the newest content on the page; and every query asked again
// after an event names it, as Sanity's CDN needs (the stand-in has no CDN: it checks the request).
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type DatasetDocument, readDocuments, writeDocuments } from "../support/dataset-file";
import type { SanityHttpStandIn } from "../support/sanity-http-stand-in";
import { startStackOnStandIn, varnishPages, type VarnishStack } from "./varnish-support";

const SECTOR = "construccion";
const LISTS = ["/", "/sectores", "/calculadora", "/sitemap.xml"];

let stack: VarnishStack;
let standIn: SanityHttpStandIn;
let datasetFile: string;
let sectorPages: string[] = [];
const { request, warm, rollingRestart, waitForText, purged, pagesLinkingTo } = varnishPages(() => stack);

beforeAll(async () => {
  ({ stack, standIn, datasetFile } = await startStackOnStandIn("varnish-lake"));
  const sitemap = (await request("/sitemap.xml")).body;
  sectorPages = [...sitemap.matchAll(/<loc>[^<]*(\/sectores\/[^<]+)<\/loc>/g)].map((match) => match[1]!);
}, 180_000);
afterAll(async () => {
  await stack?.stop();
  await standIn?.close();
});

function edit(id: string, change: (document: DatasetDocument) => Record<string, unknown>) {
  writeDocuments(
    datasetFile,
    readDocuments(datasetFile).map((document) => (document._id === id ? change(document) : document)),
  );
}

/** The rolling restart, then both restarted instances' Live connections open again. */
async function restartBoth(pages: string[]) {
  const before = standIn.connections().total;
  await rollingRestart(pages);
  await standIn.waitForConnections(before + 2);
  const deadline = Date.now() + 30_000;
  while (standIn.connections().open < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  expect(standIn.connections().open).toBe(2);
}

/** Publishes the dataset file's changes (the Live event) and answers when it was sent. */
async function publish(): Promise<number> {
  const changed = await standIn.publish();
  expect(changed.length).toBeGreaterThan(0);
  return Date.now();
}

describe("Varnish in front of two instances on Sanity, after a rolling restart of both", () => {
  it("a body edit is seen within 2 s of its Live event and purges that page only", async () => {
    const pages = [...LISTS, ...sectorPages];
    await warm(pages);
    await restartBoth(pages);
    edit(`sectorPage.${SECTOR}`, (page) => ({
      ...page,
      explanation: { ...(page.explanation as object), title: "Corregido en Sanity tras el reinicio" },
    }));
    const published = await publish();
    await waitForText(`/sectores/${SECTOR}`, "Corregido en Sanity tras el reinicio", 2_000, published);
    expect(await purged(pages.filter((page) => page !== `/sectores/${SECTOR}`))).toEqual([]);
    expect(standIn.staleRefetches()).toEqual([]);
  }, 300_000);

  it("a name change purges the lists and only the pages whose related links show it", async () => {
    const pages = [...LISTS, ...sectorPages];
    await warm(pages);
    const linking = await pagesLinkingTo(sectorPages, SECTOR);
    await restartBoth(pages);
    edit(`sectorPage.${SECTOR}`, (page) => ({ ...page, sectorName: "Construcción en Sanity" }));
    const published = await publish();
    await waitForText("/sectores", "Construcción en Sanity", 2_000, published);
    const gone = await purged(pages.filter((page) => page !== "/sectores" && page !== `/sectores/${SECTOR}`));
    expect(gone.sort()).toEqual(["/calculadora", ...linking].sort());
    for (const page of linking) expect((await request(page)).body, page).toContain("Construcción en Sanity");
    expect(standIn.staleRefetches()).toEqual([]);
  }, 300_000);

  it("a new page appears in the lists and the sitemap; the home page stays", async () => {
    const pages = [...LISTS, ...sectorPages];
    await warm(pages);
    await restartBoth(pages);
    const template = readDocuments(datasetFile).find((document) => document._id === `sectorPage.${SECTOR}`)!;
    writeDocuments(datasetFile, [
      ...readDocuments(datasetFile),
      {
        ...template,
        _id: "sectorPage.sector-en-sanity",
        slug: { _type: "slug", current: "sector-en-sanity" },
        sectorName: "Sector En Sanity",
      },
    ]);
    const published = await publish();
    // Both from the same event, so asked at once: each must show it to a request started within the 2 s.
    await Promise.all([
      waitForText("/sectores", "Sector En Sanity", 2_000, published),
      waitForText("/sitemap.xml", "/sectores/sector-en-sanity", 2_000, published),
    ]);
    expect((await request("/sectores/sector-en-sanity")).status).toBe(200);
    const gone = await purged(["/", ...sectorPages]);
    expect(gone).not.toContain("/");
    expect(gone.length).toBeLessThan(sectorPages.length / 2);
  }, 300_000);

  it("a settings change purges every page", async () => {
    const pages = [...LISTS, ...sectorPages];
    await warm(pages);
    await restartBoth(pages);
    edit("siteSettings", (settings) => ({
      ...settings,
      footer: { ...(settings.footer as object), tagline: "Lema publicado en Sanity" },
    }));
    const published = await publish();
    await waitForText("/", "Lema publicado en Sanity", 2_000, published);
    const gone = await purged(pages.filter((page) => page !== "/"));
    expect(pages.filter((page) => page !== "/" && !gone.includes(page))).toEqual(["/sitemap.xml"]);
  }, 300_000);
});

describe("a Live event while the refetch of the previous one is in flight", () => {
  it("leaves the newest content on the page, through Varnish", async () => {
    const page = `/sectores/${SECTOR}`;
    await warm([page]);
    // Answers leave the stand-in 1.5 s after they were computed: the refetch of the first publication
    // is still on its way when the second one's event comes.
    standIn.delayAnswers(1_500);
    try {
      edit(`sectorPage.${SECTOR}`, (document) => ({
        ...document,
        explanation: { ...(document.explanation as object), title: "Primera publicación" },
      }));
      await publish();
      // A visitor asks meanwhile: the render waits on the delayed answer of the first version.
      const during = request(page);
      await new Promise((resolve) => setTimeout(resolve, 300));
      edit(`sectorPage.${SECTOR}`, (document) => ({
        ...document,
        explanation: { ...(document.explanation as object), title: "Segunda publicación" },
      }));
      const second = await publish();
      // Asked from the second publication on, while the visitor's request is still under way.
      await Promise.all([during, waitForText(page, "Segunda publicación", 2_000 + 2 * 1_500, second)]);
    } finally {
      standIn.delayAnswers(0);
    }
    // Kept: once the purges are over, the page Varnish holds is the newest one.
    await warm([page]);
    const kept = await request(page);
    expect(kept.headers["x-cache"]).toBe("HIT");
    expect(kept.body).toContain("Segunda publicación");
    expect(kept.body).not.toContain("Primera publicación");
    expect(standIn.staleRefetches()).toEqual([]);
  }, 120_000);
});
