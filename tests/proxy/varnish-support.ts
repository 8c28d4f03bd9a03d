/**
 * What the Varnish proxy tests share: the stack's typed surface (scripts/lib/varnish-stack.mjs is plain
 * JS) and what they do with pages through it.
 */
import { expect } from "vitest";

import { httpRequest } from "../../scripts/lib/varnish-stack.mjs";

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
   * Waits until `pathname`, through Varnish, shows `text`, `withinMs` at most from `since` (the moment
   * of the change: CONTRACT §2's 5 s for a dataset edit, §14's 2 s after a Live event).
   */
  async function waitForText(pathname: string, text: string, withinMs = 5_000, since = Date.now()) {
    for (;;) {
      if ((await request(pathname)).body.includes(text)) return;
      if (Date.now() - since > withinMs)
        throw new Error(`${pathname} did not show "${text}" through Varnish within ${withinMs} ms`);
      await sleep(50);
    }
  }

  /** The pages among `pages` that Varnish no longer holds (each asked once: it holds them again after). */
  async function purged(pages: string[]) {
    await purgesSettled();
    const gone: string[] = [];
    for (const page of pages) if ((await cacheOf(page)) !== "HIT") gone.push(page);
    return gone;
  }

  return { request, cacheOf, purgesSettled, warm, rollingRestart, waitForText, purged };
}
