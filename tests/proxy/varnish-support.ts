/**
 * What the Varnish proxy tests share: the stack's typed surface (scripts/lib/varnish-stack.mjs is plain
 * JS) and what they do with pages through it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { expect } from "vitest";

import { httpRequest, startVarnishStack } from "../../scripts/lib/varnish-stack.mjs";
import { type DatasetDocument, readDocuments, writeDocuments } from "../support/dataset-file";
import { seenWithin } from "../support/live-within";
import { type SanityHttpStandIn, startSanityHttpStandIn } from "../support/sanity-http-stand-in";

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface VarnishStack {
  url: string;
  datasetFile: string;
  /** The stack's temporary folder (its dataset, the instances' DATA_DIRs). */
  dir: string;
  instances: Array<{
    name: string;
    url: string;
    /** The release folder it starts from (build/, public/): set another one, then restart, to deploy it. */
    release: string;
  }>;
  counters(): Record<string, number>;
  restart(instance: VarnishStack["instances"][number]): Promise<{ code: unknown; ms: number }>;
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * What the tests do with pages through Varnish, for the stack `current()` answers (started in a
 * beforeAll). A purge is answered with a synthetic response (MAIN.s_synth): each instance sees a change
 * on its own (a poll of the dataset every second, or a Live event) and repeats its purge 1 s later, so
 * the last purge of a change can land seconds after the page shows it; a test that warms pages first
 * lets the previous test's purges finish.
 */
export function varnishPages(current: () => VarnishStack) {
  const request = (pathname: string): Promise<Answer> => httpRequest(`${current().url}${pathname}`) as Promise<Answer>;
  const cacheOf = async (pathname: string) => (await request(pathname)).headers["x-cache"];

  /** Publishes a change of one document in the stack's dataset file, with a new revision, as the Studio would. */
  function edit(id: string, change: (document: DatasetDocument) => Record<string, unknown>) {
    const file = current().datasetFile;
    writeDocuments(
      file,
      readDocuments(file).map((document) =>
        document._id === id
          ? { ...change(document), _rev: `edited-${Date.now()}`, _updatedAt: new Date().toISOString() }
          : document,
      ),
    );
  }

  /** Until no purge has reached Varnish for 2.5 s (60 s at most: a deadline only for purges that never stop). */
  async function purgesSettled() {
    const purges = () => current().counters()["MAIN.s_synth"];
    const deadline = Date.now() + 60_000;
    let last = purges();
    let quietSince = Date.now();
    while (Date.now() - quietSince < 2_500) {
      if (Date.now() > deadline) throw new Error("purges to Varnish did not stop within 60 s");
      await sleep(250);
      const now = purges();
      if (now !== last) [last, quietSince] = [now, Date.now()];
    }
  }

  /** Every page through Varnish, once the purges of earlier changes are over, until each one is a hit. */
  async function warm(pages: string[]) {
    await purgesSettled();
    for (const page of pages) await request(page);
    for (const page of pages) expect(await cacheOf(page), page).toBe("HIT");
  }

  /**
   * Both instances restarted one at a time (docs/production-server.md), Varnish keeping every page: no
   * page is asked of a restarted instance before the change.
   */
  async function rollingRestart(pages: string[]) {
    for (const instance of current().instances) await current().restart(instance);
    const before = current().counters()["MAIN.backend_req"];
    for (const page of pages) expect(await cacheOf(page), page).toBe("HIT");
    expect(current().counters()["MAIN.backend_req"]).toBe(before);
  }

  /**
   * Waits until `pathname`, through Varnish, shows `text` to a request started `withinMs` at most from `since`
   * (the moment of the change: CONTRACT §2's 5 s for a dataset edit, §14's 2 s after a Live event).
   */
  async function waitForText(pathname: string, text: string, withinMs = 5_000, since = Date.now()) {
    if (!(await seenWithin(async () => (await request(pathname)).body.includes(text), since, withinMs)))
      throw new Error(`${pathname} did not show "${text}" through Varnish within ${withinMs} ms`);
  }

  /** The pages among `pages` that Varnish no longer holds (each asked once: it holds them again after). */
  async function purged(pages: string[]) {
    await purgesSettled();
    const gone: string[] = [];
    for (const page of pages) if ((await cacheOf(page)) !== "HIT") gone.push(page);
    return gone;
  }

  /**
   * The sector pages among `sectorPages` whose related links name `slug`'s page: some, never all (a name
   * change must purge exactly these).
   */
  async function pagesLinkingTo(sectorPages: string[], slug: string) {
    const linking: string[] = [];
    for (const page of sectorPages)
      if (page !== `/sectores/${slug}` && (await request(page)).body.includes(`href="/sectores/${slug}"`))
        linking.push(page);
    expect(linking.length).toBeGreaterThan(0);
    expect(linking.length).toBeLessThan(sectorPages.length - 1);
    return linking;
  }

  return { request, cacheOf, edit, purgesSettled, warm, rollingRestart, waitForText, purged, pagesLinkingTo };
}

const SEED = path.resolve(import.meta.dirname, "..", "..", "sanity-studio", "seed", "production.ndjson");

/**
 * Two instances on Sanity behind the shipped Varnish: they read the Content Lake stand-in (sync tags,
 * Live events) over a copy of the seed, `datasetFile` (the stack's own dataset file is not used there).
 * Resolves once both instances' Live connections are open.
 */
export async function startStackOnStandIn(
  projectId: string,
): Promise<{ stack: VarnishStack; standIn: SanityHttpStandIn; datasetFile: string }> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), `${projectId}-`));
  const datasetFile = path.join(directory, "production.ndjson");
  fs.copyFileSync(SEED, datasetFile);
  const standIn = await startSanityHttpStandIn(datasetFile, { syncTags: true });
  const stack = (await startVarnishStack({
    instances: 2,
    env: { SANITY_PROJECT_ID: projectId, SANITY_API_HOST: standIn.url },
  })) as unknown as VarnishStack;
  await standIn.waitForConnections(2);
  return { stack, standIn, datasetFile };
}
