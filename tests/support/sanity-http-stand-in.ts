/**
 * A stand-in for Sanity's HTTP API as a real server on 127.0.0.1, for a production server in another
 * process (msw only reaches this process): GROQ queries over an NDJSON file (like ./sanity-stand-in.ts)
 * and the Live Content API's server-sent events, which a test pushes or cuts. With `syncTags`, every
 * answer carries sync tags as the Content Lake's do (one per query, parameters and perspective), and
 * `publish()` sends the Live event a publication would: the tags of the answers that changed.
 *
 * As the Live Content API does, every event gets an id and is kept: a connection opened with a
 * `last-event-id` header gets `welcome` and then every event after that one (a resumed stream), or a
 * `restart` first when that id is unknown. It also checks what Sanity's CDN needs (it has no CDN
 * itself): `staleRefetches()` lists the queries asked again after an event whose latest request did
 * not name that event (`lastLiveEventId`), i.e. an answer that a CDN could have served from before it.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";

import type { Perspective } from "~/content/content-source.server";
import { datasetFor, parseNdjsonRaw, runGroq } from "~/content/local-source.server";

export interface SanityHttpStandIn {
  url: string;
  /** Open live-event connections right now, and how many were ever opened. */
  connections(): { open: number; total: number };
  /** Resolves when at least `total` live connections were ever opened. */
  waitForConnections(total: number): Promise<void>;
  send(event: "message" | "restart" | "welcome" | "goaway", data?: unknown): void;
  /** Queries asked again after the latest event whose latest request did not name it (should be none). */
  staleRefetches(): string[];
  /** Live connections opened with a `last-event-id` header (resumed). */
  resumedConnections(): number;
  /** Forgets the events sent so far: a stream resumed from one of them then starts with a `restart`. */
  forgetEvents(): void;
  /** With `syncTags`: runs every query answered so far again and sends a `message` naming the changed tags (returned). */
  publish(): Promise<string[]>;
  /** Cuts every live connection, as a proxy restart would. */
  cut(): void;
  /**
   * From now on, a query's answer is computed when it arrives and sent `ms` later (0: at once): a fetch
   * still in flight when the next publication's event comes carries the content from before it.
   */
  delayAnswers(ms: number): void;
  close(): Promise<void>;
}

interface Answered {
  query: string;
  params: Record<string, unknown>;
  view: Perspective | "raw";
  digest: string;
}

const digestOf = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("base64url");

export async function startSanityHttpStandIn(
  datasetFile: string,
  { syncTags = false }: { syncTags?: boolean } = {},
): Promise<SanityHttpStandIn> {
  const answered = new Map<string, Answered>();
  const run = (query: string, params: Record<string, unknown>, view: Perspective | "raw") =>
    runGroq(
      datasetFor(parseNdjsonRaw(fs.readFileSync(datasetFile, "utf8")), view),
      query,
      params as Record<string, string>,
    );
  const streams = new Set<http.ServerResponse>();
  let total = 0;
  const waiters: Array<{ total: number; resolve: () => void }> = [];
  let eventId = 0;
  /** Every event sent, in order (what a resumed stream replays). */
  const events: Array<{ id: string; event: string; data: string }> = [];
  /** Per query (text, parameters, perspective): the event its latest request named (-1: none), and when it came. */
  const latest = new Map<string, { named: number; at: number }>();
  let sequence = 0;
  /** When the latest `message` was sent (in the same sequence as requests), and its number. */
  let lastMessage: { at: number; index: number } | null = null;
  let resumed = 0;
  let answerDelayMs = 0;
  const record = (event: string, data: unknown) => {
    const id = `event-${++eventId}`;
    const entry = { id, event, data: JSON.stringify(data) };
    events.push(entry);
    if (event === "message") lastMessage = { at: ++sequence, index: eventId };
    return entry;
  };
  const frame = (entry: { id: string; event: string; data: string }) =>
    `id: ${entry.id}\nevent: ${entry.event}\ndata: ${entry.data}\n\n`;

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    if (url.pathname.includes("/data/live/events/")) {
      res.writeHead(200, {
        "Content-Type": "text/event-stream",
        "Cache-Control": "no-cache",
        Connection: "keep-alive",
      });
      const from = req.headers["last-event-id"];
      const position = typeof from === "string" ? events.findIndex((entry) => entry.id === from) : -1;
      if (typeof from === "string") {
        resumed++;
        // A position the stream no longer knows: start at the end, said with a restart first.
        if (position < 0) res.write(frame(record("restart", {})));
      }
      res.write(`event: welcome\ndata: {}\n\n`);
      // A resumed stream continues with the events that followed its position.
      if (position >= 0) for (const entry of events.slice(position + 1)) res.write(frame(entry));
      streams.add(res);
      total++;
      for (const waiter of waiters.splice(0)) (total >= waiter.total ? waiter.resolve : () => waiters.push(waiter))();
      req.on("close", () => streams.delete(res));
      return;
    }
    if (url.pathname.includes("/check/cors")) {
      res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ result: { allowed: true } }));
      return;
    }
    if (url.pathname.includes("/data/query/")) {
      let body = "";
      for await (const chunk of req) body += chunk;
      const posted = body ? (JSON.parse(body) as { query: string; params?: Record<string, unknown> }) : null;
      const params: Record<string, unknown> = { ...posted?.params };
      for (const [key, value] of url.searchParams) if (key.startsWith("$")) params[key.slice(1)] = JSON.parse(value);
      const query = posted?.query ?? url.searchParams.get("query") ?? "";
      const perspective = url.searchParams.get("perspective");
      const view: Perspective | "raw" = perspective === "published" || perspective === "drafts" ? perspective : "raw";
      const named = /^event-(\d+)$/.exec(url.searchParams.get("lastLiveEventId") ?? "");
      latest.set(JSON.stringify([query, params, view]), { named: named ? Number(named[1]) : -1, at: ++sequence });
      const result = await run(query, params, view);
      if (answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, answerDelayMs));
      const tags: string[] = [];
      if (syncTags) {
        const tag = `s1:${digestOf([query, params, view]).slice(0, 12)}`;
        answered.set(tag, { query, params, view, digest: digestOf(result) });
        tags.push(tag);
      }
      res
        .writeHead(200, { "Content-Type": "application/json" })
        .end(JSON.stringify({ ms: 1, query, result, ...(syncTags ? { syncTags: tags } : {}) }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    connections: () => ({ open: streams.size, total }),
    waitForConnections: (atLeast) =>
      new Promise((resolve) => (total >= atLeast ? resolve() : waiters.push({ total: atLeast, resolve }))),
    send(event, data = {}) {
      const entry = record(event, data);
      for (const stream of streams) stream.write(frame(entry));
      if (event === "goaway") for (const stream of streams) stream.end();
    },
    staleRefetches() {
      if (!lastMessage) return [];
      const after = lastMessage;
      return [...latest]
        .filter(([, request]) => request.at > after.at && request.named < after.index)
        .map(([key]) => key);
    },
    resumedConnections: () => resumed,
    forgetEvents() {
      events.length = 0;
    },
    async publish() {
      const changed: string[] = [];
      for (const [tag, answer] of answered) {
        const digest = digestOf(await run(answer.query, answer.params, answer.view));
        if (digest === answer.digest) continue;
        answer.digest = digest;
        changed.push(tag);
      }
      const entry = record("message", { tags: changed });
      for (const stream of streams) stream.write(frame(entry));
      return changed;
    },
    cut() {
      for (const stream of streams) stream.socket?.destroy();
      streams.clear();
    },
    delayAnswers(ms) {
      answerDelayMs = ms;
    },
    close: () =>
      new Promise((resolve) => {
        for (const stream of streams) stream.socket?.destroy();
        server.close(() => resolve());
      }),
  };
}
