/**
 * Campaign pages' calendars on the server (app/domain/campaign-window.ts is the rule;
 * docs/decisions/0018-campaign-window.md). The content does not change at a boundary, the clock does, so
 * no content event would drop what was cached before it. Two halves close that gap:
 * - whatever decides on a windowed page (its route, the sitemap, the redirects' "live page wins", an
 *   experiment) records the page's tag `w:<_id>` into the answer it renders (recordContentTags), so the
 *   page cache and a shared cache know which answers depend on that page's clock;
 * - each process keeps one timer armed for the next boundary of any published page (re-armed after every
 *   content change); when it fires, it announces a change of the tags of the pages whose boundary fell,
 *   like any content change (contentEvents: the page cache drops them, SHARED_CACHE_PURGE_URL purges them),
 *   and once more a moment later for the answers that were being rendered or fetched across the boundary.
 * Every instance does it on its own clock: no edit, no webhook, no paid plan.
 */
import {
  type CampaignWindow,
  crossedBoundary,
  hasWindow,
  nextWindowBoundary,
  windowState,
} from "~/domain/campaign-window";
import { log } from "~/lib/log.server";
import { singleton } from "~/lib/singleton.server";

import { recordContentTags } from "./cache-tags.server";
import { inPreview } from "./perspective.server";
import { campaignWindowsQuery } from "./queries";
import { contentEvents, contentSource } from "./source.server";

/** The tag of the answers that depend on a page's calendar. */
export const windowTag = (id: string) => `w:${id}`;

/** setTimeout's own limit (2^31 − 1 ms, 24.8 days): a farther boundary is waited for in steps. */
const MAX_TIMER_MS = 2_147_483_647;
/** The second announcement: renders and shared-cache fetches that started before the boundary are done by then. */
export const WINDOW_REPEAT_MS = 1_500;
/** When the calendars cannot be read, the next try. */
const RETRY_MS = 30_000;
const REASON = "campaign window";

interface WindowedPage extends CampaignWindow {
  _id: string;
}

/**
 * True when visitors see `page` now (always in draft preview: an editor checks a scheduled page before it
 * starts). A page with a calendar marks the answer being rendered as depending on it.
 */
export async function campaignShownNow(page: WindowedPage): Promise<boolean> {
  if (await inPreview()) return true;
  if (!hasWindow(page)) return true;
  recordContentTags([windowTag(page._id)]);
  return windowState(page, Date.now()) === "live";
}

/** Marks the running answer as depending on these pages' calendars (a list that considered them). */
export function recordWindows(pages: readonly WindowedPage[]): void {
  recordContentTags(pages.filter((page) => hasWindow(page)).map((page) => windowTag(page._id)));
}

const clock = singleton("campaignWindowClock", () => ({
  started: false,
  timer: undefined as ReturnType<typeof setTimeout> | undefined,
  windows: [] as WindowedPage[],
  /** The last instant the boundaries were looked at: a boundary after it is still to be announced. */
  since: Date.now(),
}));

function announce(tags: string[]): void {
  contentEvents.emit("change", { all: false, tags, reason: REASON });
}

function fire(): void {
  const now = Date.now();
  const tags = clock.windows
    .filter((page) => crossedBoundary(page, clock.since, now))
    .map((page) => windowTag(page._id));
  clock.since = Math.max(clock.since, now);
  if (tags.length) {
    log("info", "campaign window boundary", { pages: tags.length });
    announce(tags);
    setTimeout(() => announce(tags), WINDOW_REPEAT_MS).unref?.();
  }
  arm();
}

/** Reads the published calendars and arms the timer for the next boundary after now (one timer at a time). */
function arm(): void {
  contentSource()
    .fetch<WindowedPage[] | null>(campaignWindowsQuery, {}, "published")
    .then(
      (windows) => {
        clock.windows = Array.isArray(windows) ? windows.filter((page) => typeof page?._id === "string") : [];
        // A boundary may have fallen while the calendars were read: fire() announces it at once.
        const next = nextWindowBoundary(clock.windows, clock.since);
        schedule(next === null ? null : next - Date.now());
      },
      (error: unknown) => {
        log("warn", "campaign calendars unreadable, retrying", { error: String(error) });
        schedule(RETRY_MS, arm);
      },
    );
}

function schedule(delay: number | null, run: () => void = fire): void {
  clearTimeout(clock.timer);
  clock.timer = undefined;
  if (delay === null) return;
  clock.timer = setTimeout(run, Math.min(Math.max(delay, 0), MAX_TIMER_MS));
  clock.timer.unref?.();
}

/** Starts the boundary timer once per process (the production server at boot, app/content/live.server.ts). */
export function startCampaignWindowClock(): void {
  if (clock.started) return;
  clock.started = true;
  clock.since = Date.now();
  contentEvents.on("change", (change?: { reason?: string }) => {
    if (change?.reason !== REASON) arm();
  });
  arm();
}
