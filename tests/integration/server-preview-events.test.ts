// Live refresh of open preview pages through the production server: GET /api/preview-mode/events is
// a private event stream for preview sessions only, and every content change reaches an open stream
// at once (a Live Content API event on Sanity, a dataset file change on the embedded dataset).
import http from "node:http";

import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { readDocuments, writeDocuments } from "../support/dataset";
import { DRAFT_SLUG, enableUrl, writePreviewDataset } from "../support/preview-fixtures";
import { type ProductionServer, request, startServer } from "../support/production-server";
import { type SanityHttpStandIn, startSanityHttpStandIn } from "../support/sanity-http-stand-in";

const EVENTS = "/api/preview-mode/events";

interface EventStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Everything received so far. */
  text(): string;
  /** Resolves when the stream has received `count` change events. */
  changes(count: number, timeoutMs: number): Promise<void>;
  close(): void;
}

/** Opens the event stream the preview client opens, as a browser would (compression offered). */
function openStream(baseUrl: string, cookie?: string): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Accept: "text/event-stream", "Accept-Encoding": "br, gzip" };
    if (cookie) headers.Cookie = cookie;
    const outgoing = http.get(`${baseUrl}${EVENTS}`, { headers, agent: false }, (response) => {
      let received = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (received += chunk));
      response.on("error", () => {});
      const count = () => received.split("event: change\n").length - 1;
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        text: () => received,
        changes: (wanted, timeoutMs) =>
          vi.waitFor(() => expect(count()).toBeGreaterThanOrEqual(wanted), { timeout: timeoutMs, interval: 20 }),
        close: () => outgoing.destroy(),
      });
    });
    outgoing.on("error", reject);
  });
}

async function previewCookie(baseUrl: string, secret: string): Promise<string> {
  const response = await request(enableUrl(baseUrl, secret));
  expect(response.status).toBe(307);
  return String(response.headers["set-cookie"]).split(";")[0]!;
}

/** Gives the draft sector page a new hero title in the dataset file. */
function writeDraftTitle(file: string, title: string) {
  const documents = readDocuments(file).map((document) =>
    document._id === `drafts.sectorPage.${DRAFT_SLUG}`
      ? { ...document, hero: { ...(document.hero as Record<string, unknown>), title } }
      : document,
  );
  writeDocuments(file, documents);
}

describe("preview events on Sanity (Live Content API stand-in, read token)", () => {
  const dataset = writePreviewDataset();
  let standIn: SanityHttpStandIn;
  let server: ProductionServer;

  beforeAll(async () => {
    standIn = await startSanityHttpStandIn(dataset.file);
    server = await startServer({
      SANITY_PROJECT_ID: "eventsproject",
      SANITY_API_HOST: standIn.url,
      SANITY_API_READ_TOKEN: "skViewerToken",
    });
    // Published changes, and (with the token) drafts too: two live subscriptions.
    await standIn.waitForConnections(2);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
  });

  it("answers 401, private and unstored, without the preview cookie", async () => {
    const stream = await openStream(server.baseUrl);
    expect(stream.status).toBe(401);
    expect(stream.headers["cache-control"]).toBe("private, no-store");
    expect(stream.headers["content-type"]).toMatch(/^text\/plain/);
    const forged = await openStream(server.baseUrl, "site_preview=forged");
    expect(forged.status).toBe(401);
  });

  it("streams uncompressed, private events to a preview session; a change arrives within 2 s", async () => {
    const stream = await openStream(server.baseUrl, await previewCookie(server.baseUrl, dataset.secret));
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers["content-type"]).toMatch(/^text\/event-stream/);
      expect(stream.headers["cache-control"]).toBe("private, no-store");
      expect(stream.headers["content-encoding"]).toBeUndefined();
      expect(stream.headers["x-cache"]).not.toBe("HIT");
      // The stream's first line: waited for as long as a loaded host takes (no promise of the product's).
      await vi.waitFor(() => expect(stream.text()).toMatch(/^retry: \d+\n/), { timeout: 10_000, interval: 20 });

      writeDraftTitle(dataset.file, "Borrador cambiado en directo");
      const sentAt = Date.now();
      standIn.send("message", { tags: ["s1:draft"] });
      await stream.changes(1, 2_000);
      expect(Date.now() - sentAt).toBeLessThan(2_000);
      // The drafts' cache was dropped with the event: the preview page shows the new draft at once.
      const cookie = await previewCookie(server.baseUrl, dataset.secret);
      const page = await fetch(`${server.baseUrl}/sectores/${DRAFT_SLUG}`, { headers: { Cookie: cookie } });
      expect(await page.text()).toContain("Borrador cambiado en directo");
    } finally {
      stream.close();
    }
  });
});

describe("preview events on the embedded dataset", () => {
  const dataset = writePreviewDataset();
  let server: ProductionServer;

  beforeAll(async () => {
    server = await startServer({ CONTENT_DATASET_FILE: dataset.file });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it("a dataset file change reaches every open preview stream", async () => {
    const cookie = await previewCookie(server.baseUrl, dataset.secret);
    const first = await openStream(server.baseUrl, cookie);
    const second = await openStream(server.baseUrl, cookie);
    try {
      expect([first.status, second.status]).toEqual([200, 200]);
      await vi.waitFor(() => expect(second.text()).toContain("retry:"), { timeout: 10_000, interval: 20 });
      writeDraftTitle(dataset.file, "Borrador guardado en el fichero");
      // The file is read again within 5 s (docs/preview.md); the event goes out with it.
      await Promise.all([first.changes(1, 7_000), second.changes(1, 7_000)]);
    } finally {
      first.close();
      second.close();
    }
  });
});
