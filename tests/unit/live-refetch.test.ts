// Refetches that cannot read the past (app/content/cache.server.ts, app/content/live.server.ts): an answer
// that was being fetched when an invalidation came is asked for again rather than kept; a `goaway` from
// the Live Content API switches to polling until a connection is welcomed again, as next-sanity does; a
// lost connection is opened again from the last event seen (`last-event-id`), and the `welcome` of such
// a resumed stream drops nothing, while one on a stream that could not resume drops everything.
import type { SanityClient } from "@sanity/client";
import { describe, expect, it, vi } from "vitest";

import { createCachedRunner } from "~/content/cache.server";
import { SourceAnswer } from "~/content/content-source.server";
import { subscribeToLiveEvents } from "~/content/live.server";

describe("a fetch in flight at an invalidation", () => {
  it("is not kept: the answer is asked for again, and the new one is served", async () => {
    let content = "antes";
    let release!: () => void;
    let gate: Promise<void> | null = new Promise<void>((resolve) => (release = resolve));
    const run = vi.fn(async () => {
      // The answer is read when the request reaches the source; it arrives later.
      const answer = content;
      if (gate) await gate;
      return new SourceAnswer(answer, ["s1:page"]);
    });
    const cache = createCachedRunner(run);
    const first = cache.fetch<string>("*[_id == 'page'][0]", {}, "published");
    await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
    // The publication, and its Live event, while the fetch is under way.
    content = "después";
    cache.invalidateTags(["s1:page"]);
    gate = null;
    release();
    expect(await first).toBe("después");
    expect(await cache.fetch<string>("*[_id == 'page'][0]", {}, "published")).toBe("después");
  });
});

type Listener = { next(event: unknown): void; error(error: unknown): void; complete(): void };

/** A Sanity client whose Live streams the test drives: each `connect` records the headers it was opened with. */
function fakeClient() {
  const streams: Array<{ headers: Record<string, string>; listener: Listener; closed: boolean }> = [];
  const make = (headers: Record<string, string>): SanityClient =>
    ({
      withConfig: (config: { headers?: Record<string, string> }) => make({ ...headers, ...config.headers }),
      live: {
        events: () => ({
          subscribe(listener: Listener) {
            const stream = { headers, listener, closed: false };
            streams.push(stream);
            return { unsubscribe: () => (stream.closed = true) };
          },
        }),
      },
    }) as unknown as SanityClient;
  return { client: make({}), streams };
}

describe("the Live connection", () => {
  it("resumes from the last event: that welcome drops nothing; a welcome that could not resume drops everything", async () => {
    vi.useFakeTimers();
    try {
      const { client, streams } = fakeClient();
      const changes: Array<[string, readonly string[] | null, string | undefined]> = [];
      const live = subscribeToLiveEvents(client, (reason, tags, id) => changes.push([reason, tags, id]));
      streams[0]!.listener.next({ type: "welcome" });
      // A lost connection before any event: the new stream starts at the end, events may be lost.
      streams[0]!.listener.complete();
      await vi.advanceTimersByTimeAsync(1_000);
      expect(streams[1]!.headers["last-event-id"]).toBeUndefined();
      streams[1]!.listener.next({ type: "welcome" });
      expect(changes).toEqual([["reconnected", null, undefined]]);
      streams[1]!.listener.next({ type: "message", id: "e7", tags: ["s1:a"] });
      expect(changes.at(-1)).toEqual(["message", ["s1:a"], "e7"]);
      // Lost again: opened from e7; its welcome means the missed events follow, nothing to drop.
      streams[1]!.listener.error(new Error("reset"));
      await vi.advanceTimersByTimeAsync(1_000);
      expect(streams[2]!.headers["last-event-id"]).toBe("e7");
      streams[2]!.listener.next({ type: "welcome" });
      expect(changes).toHaveLength(2);
      live.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it("polls after a goaway until a connection is welcomed again", async () => {
    vi.useFakeTimers();
    try {
      const { client, streams } = fakeClient();
      const poll = vi.fn();
      vi.spyOn(console, "warn").mockImplementation(() => undefined);
      const live = subscribeToLiveEvents(client, () => undefined, { onPoll: poll, pollIntervalMs: 30_000 });
      streams[0]!.listener.next({ type: "welcome" });
      streams[0]!.listener.next({ type: "goaway", id: "e1", reason: "connection limit reached" });
      await vi.advanceTimersByTimeAsync(61_000);
      expect(poll).toHaveBeenCalledTimes(2);
      // Retried meanwhile; once welcomed, no more polling.
      expect(streams.length).toBeGreaterThan(1);
      streams.at(-1)!.listener.next({ type: "welcome" });
      await vi.advanceTimersByTimeAsync(120_000);
      expect(poll).toHaveBeenCalledTimes(2);
      live.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
