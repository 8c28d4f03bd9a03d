/**
 * Live content on every instance: with Sanity, each server process listens to the Live Content API
 * (`client.live.events()`) and, on every change, drops exactly the cached results and pages holding the
 * event's sync tags (and purges them at a shared cache), so an edit reaches all instances behind a load
 * balancer, not only the one the webhook hits. Every query after an event names it (`lastLiveEventId`,
 * ./source.server.ts), so no refetch reads an answer older than the change.
 *
 * A lost connection is opened again from the last event seen (the `last-event-id` header): the Live
 * Content API then continues with the events that followed, so the `welcome` of a resumed stream means
 * nothing was missed, and when that position can no longer be resumed its first event is a `restart`
 * (which drops everything). A `welcome` on a stream that could not resume (no event seen yet) after an
 * earlier connection may have missed events: it drops everything. A `goaway` (the connection limit) is
 * what next-sanity answers by polling: every 30 s the remembered queries run again and exactly the
 * changed results go, while the connection is retried with backoff; the next `welcome` stops the polling.
 * With a read token, a second subscription includes drafts: a draft change drops only the cached drafts
 * and tells open preview pages to refresh (app/content/preview-events.server.ts).
 */
import type { SanityClient } from "@sanity/client";

import { sanitySettings } from "~/lib/env.server";
import { log } from "~/lib/log.server";

import { startCampaignWindowClock } from "./campaign-windows.server";
import { createSanityClient } from "./sanity-client.server";
import { contentSource, noteLiveEvent } from "./source.server";

const BACKOFF_START_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;
/** How often content is polled after a `goaway`, as next-sanity does. */
export const POLL_ON_GOAWAY_MS = 30_000;

export interface LiveSubscription {
  stop(): void;
}

export interface LiveOptions {
  /** Also drafts' changes (needs a token with read rights on drafts). */
  includeDrafts?: boolean;
  /** Called every pollIntervalMs after a `goaway`, until a connection is welcomed again. */
  onPoll?: () => void;
  pollIntervalMs?: number;
}

/** What a Live event changed: the sync tags of a `message`, or everything (`tags` null); its id when it has one. */
export type LiveChange = (reason: string, tags: readonly string[] | null, eventId?: string) => void;

export function subscribeToLiveEvents(
  client: SanityClient,
  onChange: LiveChange,
  { includeDrafts = false, onPoll, pollIntervalMs = POLL_ON_GOAWAY_MS }: LiveOptions = {},
): LiveSubscription {
  let stopped = false;
  let failures = 0;
  let welcomed = false;
  let lastEventId: string | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let polling: ReturnType<typeof setInterval> | undefined;
  let subscription: { unsubscribe(): void } | undefined;

  const stopPolling = () => {
    clearInterval(polling);
    polling = undefined;
  };
  const retry = (why: string) => {
    subscription?.unsubscribe();
    subscription = undefined;
    if (stopped) return;
    const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** failures++);
    log("warn", "live content connection lost, reconnecting", { why, delayMs: delay, resumeFrom: lastEventId });
    clearTimeout(timer);
    timer = setTimeout(connect, delay);
    timer.unref?.();
  };

  function connect() {
    if (stopped) return;
    // From the last event seen, when there is one: the stream then continues where it was.
    const resumed = lastEventId !== null;
    const source = resumed ? client.withConfig({ headers: { "last-event-id": lastEventId! } }) : client;
    try {
      const tag = includeDrafts ? "site.live.drafts" : "site.live";
      subscription = source.live.events({ tag, includeDrafts }).subscribe({
        next(event) {
          if (event.type === "welcome") {
            if (welcomed && !resumed) onChange("reconnected", null);
            welcomed = true;
            failures = 0;
            stopPolling();
          } else if (event.type === "message") {
            lastEventId = event.id ?? lastEventId;
            onChange("message", Array.isArray(event.tags) ? event.tags : null, event.id);
          } else if (event.type === "restart") {
            lastEventId = event.id ?? lastEventId;
            onChange("restart", null, event.id);
          } else if (event.type === "reconnect") {
            // The client's own reconnect would start at the end (or an old position): resume from ours.
            retry("reconnect");
          } else if (event.type === "goaway") {
            log("warn", "live content connection refused, polling meanwhile", { reason: event.reason });
            if (onPoll && !polling) {
              polling = setInterval(onPoll, pollIntervalMs);
              polling.unref?.();
            }
            retry("goaway");
          }
        },
        error: (error: unknown) => retry(String(error)),
        complete: () => retry("closed"),
      });
    } catch (error) {
      retry(String(error));
    }
  }

  connect();
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      stopPolling();
      subscription?.unsubscribe();
    },
  };
}

let current: LiveSubscription[] | null = null;

/**
 * Called once by the production server at boot: on both sources, the campaign calendars' boundary timer
 * (./campaign-windows.server.ts); on the embedded dataset it also opens the source (the file is read and
 * watched from now on, so the first change is told apart from what pages showed); with Sanity, the Live
 * subscriptions.
 */
export function startLiveContent(): void {
  startCampaignWindowClock();
  const settings = sanitySettings();
  if (!settings) {
    contentSource();
    return;
  }
  if (current) return;
  const client = createSanityClient(settings);
  current = [
    subscribeToLiveEvents(
      client,
      (reason, tags, eventId) => {
        log("info", "live content change", { reason, tags: tags?.length ?? "all" });
        if (eventId) noteLiveEvent(eventId);
        if (tags) void contentSource().invalidateTags(tags, `live ${reason}`);
        else contentSource().invalidate(`live ${reason}`);
      },
      { onPoll: () => void contentSource().refresh("live polling after goaway") },
    ),
  ];
  if (settings.token)
    current.push(subscribeToLiveEvents(client, () => contentSource().invalidateDrafts(), { includeDrafts: true }));
}
