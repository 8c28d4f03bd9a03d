// The preview event streams one process holds are bounded, released when their browser goes away,
// and carry every content change, a drafts-only one included.
import { afterEach, describe, expect, it } from "vitest";

import { MAX_PREVIEW_STREAMS, previewEventStream } from "~/content/preview-events.server";
import { contentEvents, DRAFTS_CHANGE_EVENT } from "~/content/source.server";

const controllers: AbortController[] = [];

function open() {
  const controller = new AbortController();
  controllers.push(controller);
  return { controller, response: previewEventStream(controller.signal) };
}

const decoder = new TextDecoder();

async function readUntil(response: Response, wanted: string): Promise<string> {
  const reader = response.body!.getReader();
  let text = "";
  while (!text.includes(wanted)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  return text;
}

afterEach(() => {
  for (const controller of controllers.splice(0)) controller.abort();
});

describe("preview event streams", () => {
  it("refuses the stream past the bound with 503 and takes one again once a browser leaves", async () => {
    const streams = Array.from({ length: MAX_PREVIEW_STREAMS }, open);
    expect(streams.every(({ response }) => response.status === 200)).toBe(true);
    const refused = open().response;
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(refused.headers.get("Cache-Control")).toBe("private, no-store");
    streams[0]!.controller.abort();
    expect(open().response.status).toBe(200);
  });

  it("sends a change event for a content change and for a drafts-only change", async () => {
    const { response } = open();
    expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(await readUntil(response, "\n\n")).toMatch(/^retry: \d+\n/);
    contentEvents.emit("change");
    expect(await readUntil(response, "event: change\n")).toContain("event: change\n");
    contentEvents.emit(DRAFTS_CHANGE_EVENT);
    expect(await readUntil(response, "event: change\n")).toContain("event: change\n");
  });

  it("ends the stream once the browser leaves, and later changes go nowhere", async () => {
    const { controller, response } = open();
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    contentEvents.emit("change");
    expect(await reader.read()).toEqual({ value: undefined, done: true });
  });
});
