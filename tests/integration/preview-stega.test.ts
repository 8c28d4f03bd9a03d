// Click-to-edit markers (stega) in draft preview with Sanity: visible texts carry them, values the site
// uses as data never do. Every page is rendered by the built server bundle in preview mode, with the
// Content Lake stand-in returning a source map for every string, and every link, form option, input
// value and action is checked.
import path from "node:path";
import { pathToFileURL } from "node:url";

import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { stegaClean } from "@sanity/client/stega";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { runInRequestScope } from "~/content/request-scope.server";
import { resetContentSource } from "~/content/source.server";

import { appServices } from "../../server";
import { enableUrl, writePreviewDataset } from "../support/preview-fixtures";
import { requireBuild } from "../support/production-server";
import { SANITY_STAND_IN_HOST, sanityQueryHandlers } from "../support/sanity-stand-in";
import { EVERY_PAGE_KIND } from "../support/site-pages";

const SITE = "http://localhost:3000";
const PAGES = EVERY_PAGE_KIND;
const dataset = writePreviewDataset();
const msw = setupServer(...sanityQueryHandlers(dataset.file));
const env = { SANITY_PROJECT_ID: "stegaproject", SANITY_API_HOST: SANITY_STAND_IN_HOST, SANITY_API_READ_TOKEN: "t" };
let handle: (request: Request) => Promise<Response>;
let cookie: string;

beforeAll(async () => {
  requireBuild();
  msw.listen({ onUnhandledRequest: "error" });
  Object.assign(process.env, env);
  resetContentSource();
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const remix = createRequestHandler(build, "production");
  handle = (request) => runInRequestScope(request, () => remix(request));
  // The handshake is not a Remix route: the server answers it from the build's own handlers.
  const enable = appServices(build).previewModeRoutes["/api/preview-mode/enable"]!;
  const request = new Request(enableUrl(SITE, dataset.secret));
  const enabled = await runInRequestScope(request, () => enable({ request }));
  expect(enabled.status).toBe(307);
  cookie = enabled.headers.get("Set-Cookie")!.split(";")[0]!;
}, 120_000);
afterAll(() => {
  msw.close();
  for (const key of Object.keys(env)) delete process.env[key];
  resetContentSource();
});

const DATA_ATTRIBUTE = /\s(href|src|action|value|name|id|for|type|data-[\w-]+)="([^"]*)"/g;

describe("stega in draft preview", () => {
  it.each(PAGES)("%s: visible texts carry edit markers, links, options, values and actions do not", async (page) => {
    const response = await handle(new Request(`${SITE}${page}`, { headers: { Cookie: cookie } }));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Vista previa: estás viendo borradores");
    // The markers are there (click-to-edit works) ...
    expect(stegaClean(html)).not.toBe(html);
    // ... but never in an attribute the browser or a form uses as data.
    const dirty = [...html.matchAll(DATA_ATTRIBUTE)]
      .map(([, attribute, value]) => [attribute, value] as const)
      .filter(([, value]) => stegaClean(value) !== value);
    expect(dirty).toEqual([]);
    // Nor in a phone, e-mail or WhatsApp link's target, wherever it appears.
    for (const [link] of html.matchAll(/(tel:|mailto:|https:\/\/wa\.me\/)[^"'<\s]*/g))
      expect(stegaClean(link)).toBe(link);
  });
});
