// Draft preview on both content sources: Sanity's handshake turns a browser's preview on, only that
// browser then reads drafts (draft-only pages included, release versions never), everyone else keeps
// the published content, and disabling ends it.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { stegaClean } from "@sanity/client/stega";
import { setupServer } from "msw/node";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { runInRequestScope } from "~/content/request-scope.server";
import { resetContentSource } from "~/content/source.server";
import { disablePreview as disable } from "~/preview-mode/disable.server";
import { enablePreview as enable } from "~/preview-mode/enable.server";
import { loader as sectorLoader } from "~/routes/sectores.$slug";

import {
  DRAFT_NAME,
  DRAFT_ONLY_SLUG,
  DRAFT_SLUG,
  enableUrl,
  type PreviewDataset,
  VERSION_SLUG,
  writePreviewDataset,
} from "../support/preview-fixtures";
import { SANITY_STAND_IN_HOST, sanityQueryHandlers } from "../support/sanity-stand-in";

const SITE = "http://localhost:3000";
const dataset: PreviewDataset = writePreviewDataset();
const server = setupServer(...sanityQueryHandlers(dataset.file));

function args(url: string, cookie?: string): LoaderFunctionArgs {
  const request = new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
  return { request, params: {}, context: {} };
}

async function call(loader: (a: LoaderFunctionArgs) => Promise<Response>, url: string, cookie?: string) {
  const a = args(url, cookie);
  return runInRequestScope(a.request, () => loader(a));
}

/** The sector page a visitor (or, with the cookie, an editor) gets: its name, or the HTTP status. */
async function sectorPage(slug: string, cookie?: string): Promise<string | number> {
  const a = { ...args(`${SITE}/sectores/${slug}`, cookie), params: { slug } };
  try {
    const data = await runInRequestScope(a.request, () => sectorLoader(a));
    // Drafts from Sanity carry click-to-edit markers (stega) in visible texts.
    return stegaClean(data.page.sectorName);
  } catch (error) {
    if (error instanceof Response) return error.status;
    throw error;
  }
}

/** The cookie a browser sends back after a Set-Cookie header. */
const cookieOf = (setCookie: string | null) => setCookie!.split(";")[0]!;

describe.each([
  ["the embedded dataset", {}],
  ["Sanity", { SANITY_PROJECT_ID: "testproject", SANITY_API_HOST: SANITY_STAND_IN_HOST, SANITY_API_READ_TOKEN: "t" }],
] as const)("draft preview on %s", (_name, env) => {
  beforeAll(() => {
    server.listen({ onUnhandledRequest: "error" });
    process.env.CONTENT_DATASET_FILE = dataset.file;
    Object.assign(process.env, env);
    resetContentSource();
  });
  afterAll(() => {
    server.close();
    for (const key of Object.keys(env)) delete process.env[key];
    resetContentSource();
  });
  beforeEach(() => resetContentSource());

  it("enables preview for a valid secret: redirect to the page without the secret, and a session cookie", async () => {
    const response = await call(enable, enableUrl(SITE, dataset.secret));
    expect(response.status).toBe(307);
    const location = response.headers.get("Location")!;
    expect(location.startsWith(`/sectores/${DRAFT_SLUG}`)).toBe(true);
    expect(location).not.toContain(dataset.secret);
    const setCookie = response.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^site_preview=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("on https the cookie survives the Studio's iframe: SameSite=None; Secure; Partitioned", async () => {
    const response = await call(enable, enableUrl("https://leads.example", dataset.secret));
    const setCookie = response.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/SameSite=None/i);
    expect(setCookie).toMatch(/Secure/i);
    expect(setCookie).toMatch(/Partitioned/i);
  });

  it.each([
    ["a wrong secret", "not-the-secret"],
    ["an expired secret", dataset.expiredSecret],
    ["an empty secret", ""],
  ])("refuses %s with 401 and no cookie", async (_label, secret) => {
    const response = await call(enable, enableUrl(SITE, secret));
    expect(response.status).toBe(401);
    expect(response.headers.get("Set-Cookie")).toBeNull();
    expect(await sectorPage(DRAFT_ONLY_SLUG)).toBe(404);
  });

  it("never redirects to another site", async () => {
    const response = await call(enable, enableUrl(SITE, dataset.secret, "//evil.example/x"));
    expect(response.headers.get("Location")).toMatch(/^\/(?!\/)/);
  });

  it("shows drafts only to the browser in preview, before, during and after", async () => {
    expect(await sectorPage(DRAFT_SLUG)).toBe(dataset.publishedName);
    const cookie = cookieOf((await call(enable, enableUrl(SITE, dataset.secret))).headers.get("Set-Cookie"));

    expect(await sectorPage(DRAFT_SLUG, cookie)).toBe(DRAFT_NAME);
    expect(await sectorPage(DRAFT_ONLY_SLUG, cookie)).toBe("Solo borrador");
    expect(await sectorPage(VERSION_SLUG, cookie)).toBe(404);

    // Right after a preview request, from the same warm caches: published only.
    expect(await sectorPage(DRAFT_SLUG)).toBe(dataset.publishedName);
    expect(await sectorPage(DRAFT_ONLY_SLUG)).toBe(404);
    expect(await sectorPage(VERSION_SLUG)).toBe(404);
  });

  it("ignores a forged or tampered cookie", async () => {
    const cookie = cookieOf((await call(enable, enableUrl(SITE, dataset.secret))).headers.get("Set-Cookie"));
    const tampered = cookie.replace(/.$/, (last) => (last === "a" ? "b" : "a"));
    expect(await sectorPage(DRAFT_SLUG, tampered)).toBe(dataset.publishedName);
    expect(await sectorPage(DRAFT_SLUG, "site_preview=%E0%A4%A")).toBe(dataset.publishedName);
  });

  it("disable clears the cookie and goes back to the page", async () => {
    const response = await call(disable, `${SITE}/api/preview-mode/disable?redirect=/sectores/${DRAFT_SLUG}`);
    expect(response.status).toBe(307);
    expect(response.headers.get("Location")).toBe(`/sectores/${DRAFT_SLUG}`);
    const setCookie = response.headers.get("Set-Cookie")!;
    expect(setCookie).toMatch(/^site_preview=;/);
    expect(setCookie).toMatch(/Expires=Thu, 01 Jan 1970/i);
    const toRoot = await call(disable, `${SITE}/api/preview-mode/disable?redirect=https://evil.example/`);
    expect(toRoot.headers.get("Location")).toBe("/");
  });
});
