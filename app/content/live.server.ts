/**
 * Live content on every instance: with Sanity, each server process listens to the Live Content API
 * (`client.live.events()`) and, on every change, drops exactly the cached results and pages holding the
 * event's sync tags (and purges them at a shared cache), so an edit reaches all instances behind a load
 * balancer, not only the one the webhook hits. A `restart`, and the next `welcome` after a lost
 * connection (events may have been missed), drop everything. A failed connection is retried with exponential
 * backoff; the published cache's maximum age (app/content/cache.server.ts) heals whatever slips through.
 * With a read token, a second subscription includes drafts: a draft change drops only the cached drafts
 * and tells open preview pages to refresh (app/content/preview-events.server.ts).
 */
import type { SanityClient } from "@sanity/client";

import { sanitySettings } from "~/lib/env.server";
import { log } from "~/lib/log.server";

import { startCampaignWindowClock } from "./campaign-windows.server";
import { createSanityClient } from "./sanity-client.server";
import { contentSource } from "./source.server";

const BACKOFF_START_MS = 1_000;
const BACKOFF_MAX_MS = 30_000;

export interface LiveSubscription {
  stop(): void;
}

export interface LiveOptions {
  /** Also drafts' changes (needs a token with read rights on drafts). */
  includeDrafts?: boolean;
}

/** What a Live event changed: the sync tags of a `message`, or everything (`tags` null). */
export type LiveChange = (reason: string, tags: readonly string[] | null) => void;

export function subscribeToLiveEvents(
  client: SanityClient,
  onChange: LiveChange,
  { includeDrafts = false }: LiveOptions = {},
): LiveSubscription {
  let stopped = false;
  let failures = 0;
  let welcomed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let subscription: { unsubscribe(): void } | undefined;

  const retry = (why: string) => {
    subscription?.unsubscribe();
    if (stopped) return;
    const delay = Math.min(BACKOFF_MAX_MS, BACKOFF_START_MS * 2 ** failures++);
    log("warn", "live content connection lost, reconnecting", { why, delayMs: delay });
    timer = setTimeout(connect, delay);
    timer.unref?.();
  };

  function connect() {
    if (stopped) return;
    try {
      const tag = includeDrafts ? "site.live.drafts" : "site.live";
      subscription = client.live.events({ tag, includeDrafts }).subscribe({
        next(event) {
          if (event.type === "welcome") {
            if (welcomed) onChange("reconnected", null);
            welcomed = true;
            failures = 0;
          } else if (event.type === "message") {
            onChange("message", Array.isArray(event.tags) ? event.tags : null);
          } else if (event.type === "restart") {
            onChange("restart", null);
          } else if (event.type === "goaway") {
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
      subscription?.unsubscribe();
    },
  };
}

let current: LiveSubscription[] | null = null;

/**
 * Called once by the production server at boot: on both sources, the campaign calendars' boundary timer
 * (./campaign-windows.server.ts); with Sanity, the Live subscriptions.
 */
export function startLiveContent(): void {
  startCampaignWindowClock();
  const settings = sanitySettings();
  if (!settings || current) return;
  const client = createSanityClient(settings);
  current = [
    subscribeToLiveEvents(client, (reason, tags) => {
      log("info", "live content change", { reason, tags: tags?.length ?? "all" });
      if (tags) void contentSource().invalidateTags(tags, `live ${reason}`);
      else contentSource().invalidate(`live ${reason}`);
    }),
  ];
  if (settings.token)
    current.push(subscribeToLiveEvents(client, () => contentSource().invalidateDrafts(), { includeDrafts: true }));
}
