/**
 * Live refresh of open preview pages: each preview tab holds one server-sent event stream
 * (app/preview-mode/events.server.ts) and gets an `event: change` whenever this process's content
 * changes (`contentEvents`: a dataset file change, the revalidate webhook, a Live Content API event,
 * or, with Sanity and a read token, a draft change from the drafts subscription in ./live.server.ts).
 * The preview client (app/components/preview/client.ts) revalidates the page on it. Streams are bounded
 * per process; a heartbeat comment keeps idle proxies from closing them.
 */
import { PRIVATE_NO_STORE } from "~/lib/http-cache";

import { contentEvents, DRAFTS_CHANGE_EVENT } from "./source.server";

/** Open preview streams one process holds at most; the next one gets 503 (the client retries later). */
export const MAX_PREVIEW_STREAMS = 50;
const HEARTBEAT_MS = 25_000;
/** EventSource's own reconnection delay after a dropped stream. */
const RETRY_MS = 2_000;
const CHANGE_EVENTS = ["change", DRAFTS_CHANGE_EVENT] as const;

/** Each open stream's sender; one listener per event on contentEvents serves them all. */
const streams = new Set<(text: string) => void>();
let listening = false;

function listen(): void {
  if (listening) return;
  listening = true;
  const broadcast = () => {
    for (const send of streams) send(`event: change\ndata: {}\n\n`);
  };
  for (const name of CHANGE_EVENTS) contentEvents.on(name, broadcast);
}

const PRIVATE_HEADERS = { "Cache-Control": PRIVATE_NO_STORE, "X-Robots-Tag": "noindex" };

/** A refused stream: plain text, never stored. */
export function refusedStream(status: 401 | 503, text: string): Response {
  return new Response(text, {
    status,
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": "text/plain; charset=utf-8",
      ...(status === 503 ? { "Retry-After": String(RETRY_MS / 1000) } : {}),
    },
  });
}

/** An event stream that lives until the client goes away (`signal`), or 503 past the bound. */
export function previewEventStream(signal: AbortSignal): Response {
  if (streams.size >= MAX_PREVIEW_STREAMS || signal.aborted)
    return refusedStream(503, "Demasiadas vistas previas abiertas; se reintentará en unos segundos.");
  listen();
  const encoder = new TextEncoder();
  let close = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (text: string) => {
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          close();
        }
      };
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      heartbeat.unref?.();
      let closed = false;
      close = () => {
        if (closed) return;
        closed = true;
        streams.delete(send);
        clearInterval(heartbeat);
        signal.removeEventListener("abort", close);
        try {
          controller.close();
        } catch {
          // Already closed or cancelled by the reader.
        }
      };
      streams.add(send);
      signal.addEventListener("abort", close);
      send(`retry: ${RETRY_MS}\n: vista previa en directo\n\n`);
    },
    cancel() {
      close();
    },
  });
  return new Response(body, {
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": "text/event-stream; charset=utf-8",
      // Reverse proxies (nginx) must pass each event on at once.
      "X-Accel-Buffering": "no",
    },
  });
}
