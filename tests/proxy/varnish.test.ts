// The shared cache in front (CONTRACT §14): Debian's Varnish with the shipped deploy/varnish/leads-site.vcl
// in front of two instances on the embedded dataset, each purging it by tag (SHARED_CACHE_PURGE_URL).
// Pages are hits after warm-up; an edit of one sector page's text is seen through Varnish within 5 s and
// purges only that page and the sitemap; a new sector page appears in /sectores and the sitemap; a
// settings change purges every page; a lead post, a preview and an experiment path are never answered
// from the cache; only the instances may purge; a restart of one instance under load shows no error.

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { httpRequest, startVarnishStack } from "../../scripts/lib/varnish-stack.mjs";
import { newSectorPage, readDocuments, writeDocuments } from "../support/dataset-file";
import { CONTROL_PATH, experimentDocuments } from "../support/experiment-fixtures";
import { type Answer, varnishPages, type VarnishStack } from "./varnish-support";

let stack: VarnishStack;
const request = (pathname: string, options: Record<string, unknown> = {}): Promise<Answer> =>
  httpRequest(`${stack.url}${pathname}`, options);
const { cacheOf, edit, purgesSettled, warm: warmPages, waitForText } = varnishPages(() => stack);
const warm = (pages = PAGES) => warmPages(pages);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const SECTOR = "construccion";
const OTHER_SECTOR = "software-b2b";
const PAGES = ["/", "/sectores", `/sectores/${SECTOR}`, `/sectores/${OTHER_SECTOR}`, "/calculadora", "/sitemap.xml"];

beforeAll(async () => {
  stack = (await startVarnishStack({ instances: 2 })) as unknown as VarnishStack;
}, 180_000);
afterAll(async () => {
  await stack?.stop();
});

describe("Varnish in front of two instances", () => {
  it("answers pages from the cache after warm-up: no request reaches an instance", async () => {
    await warm();
    const before = stack.counters();
    for (let round = 0; round < 5; round += 1) for (const page of PAGES) await request(page);
    const after = stack.counters();
    expect(after["MAIN.backend_req"]).toBe(before["MAIN.backend_req"]);
    expect(after["MAIN.cache_hit"]! - before["MAIN.cache_hit"]!).toBe(5 * PAGES.length);
    // The tags stay between Varnish and the instances.
    const page = await request("/sectores");
    expect(page.headers["surrogate-key"]).toBeUndefined();
    expect(page.headers.xkey).toBeUndefined();
    expect(page.headers["cache-control"]).toMatch(/\bmax-age=0\b/);
  });

  it("shows an edit of one sector page's text within 5 s, purging only that page and the sitemap", async () => {
    await warm();
    edit(`sectorPage.${SECTOR}`, (page) => ({
      ...page,
      explanation: { ...(page.explanation as object), title: "Texto corregido por el editor" },
    }));
    await waitForText(`/sectores/${SECTOR}`, "Texto corregido por el editor");
    // Once the second instance's purge (and the repeated one) have landed, look: waited for, not guessed.
    await purgesSettled();
    expect(await cacheOf("/sitemap.xml")).toBe("MISS");
    for (const page of ["/", "/sectores", `/sectores/${OTHER_SECTOR}`, "/calculadora"])
      expect(await cacheOf(page), page).toBe("HIT");
  }, 60_000);

  it("shows a new sector page in /sectores and the sitemap within 5 s", async () => {
    await warm();
    const template = readDocuments(stack.datasetFile).find(
      (document) => document._id === `sectorPage.${OTHER_SECTOR}`,
    )!;
    writeDocuments(stack.datasetFile, [
      ...readDocuments(stack.datasetFile),
      newSectorPage(template, "sector-de-prueba", "Sector de Prueba"),
    ]);
    await waitForText("/sectores", "Sector de Prueba");
    await waitForText("/sitemap.xml", "/sectores/sector-de-prueba");
    expect((await request("/sectores/sector-de-prueba")).status).toBe(200);
    expect(await cacheOf("/")).toBe("HIT");
  }, 60_000);

  it("purges every page on a change of the site settings", async () => {
    await warm();
    edit("siteSettings", (settings) => ({
      ...settings,
      footer: { ...(settings.footer as object), tagline: "Lema nuevo del pie" },
    }));
    await waitForText("/", "Lema nuevo del pie");
    await purgesSettled();
    for (const page of PAGES.filter((page) => page !== "/" && page !== "/sitemap.xml")) {
      const answer = await request(page);
      expect(answer.body, page).toContain("Lema nuevo del pie");
    }
  }, 60_000);

  it("never answers a lead post, a preview or an experiment path from the cache", async () => {
    const post = () =>
      request("/contacto", {
        method: "POST",
        headers: {
          Origin: stack.url,
          "Sec-Fetch-Site": "same-origin",
          "Content-Type": "application/x-www-form-urlencoded",
        },
        body: new URLSearchParams({
          nombre: "Ana",
          email: "ana@empresa.es",
          telefono: "600 111 222",
          empresa: "Transportes Ana",
          sector: "Logística",
          mensaje: "Hola, quiero más información.",
        }).toString(),
      });
    const before = stack.counters()["MAIN.backend_req"]!;
    for (let index = 0; index < 2; index += 1) {
      const answer = await post();
      expect(answer.status).toBe(200);
      expect(answer.headers["x-cache"]).not.toBe("HIT");
    }
    expect(stack.counters()["MAIN.backend_req"]! - before).toBe(2);

    // A preview session (its cookie), or the Studio's preview parameters: always the instance.
    await warm(["/contacto"]);
    for (const headers of [{ Cookie: "site_preview=whatever" }, {}]) {
      const target = "Cookie" in headers ? "/contacto" : "/contacto?sanity-preview-perspective=drafts";
      expect((await request(target, { headers })).headers["x-cache"], target).not.toBe("HIT");
    }
    // Neutral cookies (consent, analytics) keep the cached page.
    expect(
      (await request("/contacto", { headers: { Cookie: "cookie_consent=all; _ga=GA1.1" } })).headers["x-cache"],
    ).toBe("HIT");

    // An experiment starts on a campaign page that was cached: from then on, never from the cache.
    const documents = experimentDocuments();
    const pages = documents.filter((document) => document._type !== "experiment");
    writeDocuments(stack.datasetFile, [...readDocuments(stack.datasetFile), ...pages]);
    const campaign = CONTROL_PATH;
    const published = Date.now() + 5_000;
    while ((await request(campaign)).status !== 200 && Date.now() < published) await sleep(100);
    await warm([campaign]);
    const experiment = documents.filter((document) => document._type === "experiment");
    expect(experiment).toHaveLength(1);
    writeDocuments(stack.datasetFile, [...readDocuments(stack.datasetFile), ...experiment]);
    // Each instance sees the file change on its own poll, up to a second apart: until both have, the one
    // that has not may still render the path as public. That copy carries the tags of the results the
    // change replaced, so its instance purges it when it sees the change, and once more a second later
    // (server/shared-cache-purge.ts). Within the 5 s a change has, then never again from the cache.
    const deadline = Date.now() + 5_000;
    const privateOn = async (instance: { url: string }) =>
      /\bprivate\b/.test(String((await httpRequest(`${instance.url}${campaign}`)).headers["cache-control"]));
    for (const instance of stack.instances) {
      while (!(await privateOn(instance)) && Date.now() < deadline) await sleep(100);
      expect(await privateOn(instance), instance.url).toBe(true);
    }
    await purgesSettled();
    for (let index = 0; index < 4; index += 1) expect(await cacheOf(campaign)).not.toBe("HIT");
  }, 60_000);

  it("shares one copy among visitors whatever their consent: a consent cookie never changes a page's bytes", async () => {
    // The same page rendered afresh by each instance, one asked with a consent choice, one without.
    const [first, second] = stack.instances;
    for (const [index, consent] of ["cookie_consent=v1.a1.p1", "cookie_consent=v1.a0.p0"].entries()) {
      const target = `/calculadora?presupuesto=${4321 + index}`;
      const withConsent = await httpRequest(`${first!.url}${target}`, { headers: { Cookie: consent } });
      const without = await httpRequest(`${second!.url}${target}`);
      expect(withConsent.headers["x-cache"]).toBe("MISS");
      expect(without.headers["x-cache"]).toBe("MISS");
      expect(withConsent.body).toBe(without.body);
    }
  });

  it("takes purges from the instances only, never one relayed from outside", async () => {
    const relayed = await request("/", {
      method: "PURGE",
      headers: { "xkey-purge": "site", "X-Forwarded-For": "203.0.113.9" },
    });
    expect(relayed.status).toBe(403);
    await warm(["/"]);
    expect(await cacheOf("/")).toBe("HIT");
  });

  it("shows no visitor an error while one instance restarts under load", async () => {
    await warm();
    let running = true;
    const failures: string[] = [];
    let requests = 0;
    const readers = Array.from({ length: 4 }, async (_, index) => {
      for (let turn = index; running; turn += 1) {
        const page = PAGES[turn % PAGES.length]!;
        // Half of them past the cache, as a visitor with a personal cookie would be.
        const headers = turn % 2 ? { Cookie: "other=1" } : {};
        const answer = await request(page, { headers }).catch((error: unknown) => ({ status: 0, body: String(error) }));
        requests += 1;
        if (answer.status !== 200) failures.push(`${page}: ${answer.status}`);
      }
    });
    const atRestart = requests;
    const stopped = await stack.restart(stack.instances[0]);
    const duringRestart = requests - atRestart;
    // A number of requests after the restart, not a length of time: the restarted instance is asked again.
    const afterRestart = requests;
    await vi.waitFor(() => expect(requests).toBeGreaterThan(afterRestart + 20), { timeout: 60_000, interval: 50 });
    running = false;
    await Promise.all(readers);
    expect(stopped.code).toBe(0);
    expect(duringRestart).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, 90_000);
});
