// The shared cache in front on Sanity (CONTRACT §14): the shipped Varnish in front of two instances that
// read a Content Lake stand-in answering with sync tags. A publication's Live event reaches both
// instances; within 2 s a visitor sees the edit through Varnish, and only the pages that showed what
// changed were purged (every other page still a hit).
import fs from "node:fs";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { httpRequest } from "../../scripts/lib/varnish-stack.mjs";
import { seenWithin } from "../support/live-within";
import type { SanityHttpStandIn } from "../support/sanity-http-stand-in";
import { startStackOnStandIn, varnishPages, type VarnishStack } from "./varnish-support";

let stack: VarnishStack;
let standIn: SanityHttpStandIn;
let datasetFile: string;

beforeAll(async () => {
  ({ stack, standIn, datasetFile } = await startStackOnStandIn("varnish-live"));
}, 180_000);
afterAll(async () => {
  await stack?.stop();
  await standIn?.close();
});

const request = (pathname: string) =>
  httpRequest(`${stack.url}${pathname}`) as Promise<{ headers: Record<string, unknown>; body: string }>;
const PAGES = ["/", "/sectores", "/sectores/construccion", "/sectores/software-b2b", "/calculadora", "/sitemap.xml"];

describe("Varnish in front of two instances on Sanity", () => {
  it("shows a published edit within 2 s of its Live event, purging only the pages that showed it", async () => {
    for (const page of PAGES) await request(page);
    for (const page of PAGES) expect((await request(page)).headers["x-cache"], page).toBe("HIT");
    const lines = fs.readFileSync(datasetFile, "utf8").split("\n");
    fs.writeFileSync(
      datasetFile,
      lines
        .map((line) => {
          if (!line.includes('"_id":"sectorPage.construccion"')) return line;
          const document = JSON.parse(line) as { explanation: object };
          return JSON.stringify({
            ...document,
            explanation: { ...document.explanation, title: "Publicado en Sanity" },
          });
        })
        .join("\n"),
    );
    const changed = await standIn.publish();
    expect(changed.length).toBeGreaterThan(0);
    const published = Date.now();
    const seen = await seenWithin(
      async () => (await request("/sectores/construccion")).body.includes("Publicado en Sanity"),
      published,
      2_000,
    );
    expect(seen).toBe(true);
    // Once both instances' purges for the event are in (a purge of a page it should keep would come with them).
    await varnishPages(() => stack).purgesSettled();
    for (const page of ["/", "/sectores", "/sectores/software-b2b", "/calculadora", "/sitemap.xml"])
      expect((await request(page)).headers["x-cache"], page).toBe("HIT");
  }, 30_000);
});
