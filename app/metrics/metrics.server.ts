/**
 * The process's Prometheus metrics (prom-client), served at `/metrics` (app/metrics/route.server.ts,
 * docs/production-server.md 'Monitoring'). Every label takes values from a fixed list, so a scrape never
 * grows with traffic: a form's kind, a destination, a result, a route's pattern (never a raw path), an
 * HTTP method and status.
 *
 * They live in prom-client's default registry, so a metric another module defines there is served too.
 * One set per process (app/lib/singleton.server.ts): the Node layer (server/, through server/app.ts) and
 * the app count into the same metrics.
 */
import client from "prom-client";

import type { LeadFormKind } from "~/forms/shared";
import { singleton } from "~/lib/singleton.server";

/** The `form` label of each form kind, in the order of the forms table. */
export const FORM_LABELS: Readonly<Record<LeadFormKind, string>> = {
  contacto: "contact",
  calculadora: "calculator",
  "plan-mensual": "monthly_plan",
  "plan-cpl": "cpl_plan",
  "iniciar-servicio": "service_start",
  campana: "campaign",
};

export type DestinationLabel = "form_service" | "automation";
export const DESTINATION_LABELS: readonly DestinationLabel[] = ["form_service", "automation"];

export type RefusalReason = "invalid" | "rate_limited" | "spam" | "too_large" | "cross_site";
const REFUSAL_REASONS: readonly RefusalReason[] = ["invalid", "rate_limited", "spam", "too_large", "cross_site"];

/**
 * Why the store could not keep an accepted submission (answered 503): `no_space` (ENOSPC, EDQUOT: the
 * disk or the quota is full), `read_only` (EROFS, EACCES, EPERM), `io_error` (EIO: the disk itself), `other`.
 */
export type StoreFailureReason = "no_space" | "read_only" | "io_error" | "other";
export const STORE_FAILURE_REASONS: readonly StoreFailureReason[] = ["no_space", "read_only", "io_error", "other"];

/** `delivered`; `failed`: an attempt that failed and will be retried; `gave_up`: no attempt left. */
export type DeliveryResult = "delivered" | "failed" | "gave_up";
const DELIVERY_RESULTS: readonly DeliveryResult[] = ["delivered", "failed", "gave_up"];

/** What the lead store reports at scrape time (leads_pending, lead_oldest_pending_seconds). */
export interface LeadBacklog {
  pending: Record<DestinationLabel, number>;
  /** Age of the oldest delivery not yet made; 0 when none. */
  oldestPendingSeconds: number;
}

/** The longest a scrape waits for a source (the backlog, the SRM checks); past it gauges keep their values. */
const SOURCE_TIMEOUT_MS = 2_000;

async function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("metrics source timed out")), SOURCE_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const HTTP_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

interface Metrics {
  registry: client.Registry;
  leadsReceived: client.Counter<"form">;
  leadsRefused: client.Counter<"form" | "reason">;
  leadsStoreFailures: client.Counter<"form" | "reason">;
  deliveries: client.Counter<"destination" | "result">;
  deliveryDuration: client.Histogram<"destination">;
  httpDuration: client.Histogram<"route" | "method" | "status">;
  pageCache: client.Counter<"result">;
  experimentAssignments: client.Counter<"experiment" | "variant">;
  backlogSource: (() => Promise<LeadBacklog>) | null;
  srmSource: (() => Promise<ExperimentSrm[]>) | null;
}

/** One running experiment's sample-ratio check (experiment_srm_flagged). */
export interface ExperimentSrm {
  experiment: string;
  flagged: boolean;
}

function createMetrics(): Metrics {
  const registry = client.register;
  client.collectDefaultMetrics({ register: registry });
  const metrics: Metrics = {
    registry,
    leadsReceived: new client.Counter({
      name: "leads_received_total",
      help: "Submissions accepted and stored, by form.",
      labelNames: ["form"],
      registers: [registry],
    }),
    leadsRefused: new client.Counter({
      name: "leads_refused_total",
      help: "Submissions not stored: invalid, rate_limited, spam (honeypot), too_large (413) or cross_site (403).",
      labelNames: ["form", "reason"],
      registers: [registry],
    }),
    leadsStoreFailures: new client.Counter({
      name: "leads_store_failures_total",
      help: "Valid submissions the store could not keep (answered 503), by form and reason: no_space, read_only, io_error, other.",
      labelNames: ["form", "reason"],
      registers: [registry],
    }),
    deliveries: new client.Counter({
      name: "lead_deliveries_total",
      help: "Delivery attempts by destination and result (failed: will be retried; gave_up: kept as failed).",
      labelNames: ["destination", "result"],
      registers: [registry],
    }),
    deliveryDuration: new client.Histogram({
      name: "lead_delivery_duration_seconds",
      help: "Time of one delivery attempt (the POST to the destination).",
      labelNames: ["destination"],
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    httpDuration: new client.Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer a request, by route pattern (unknown for paths no page serves), method and status.",
      labelNames: ["route", "method", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    pageCache: new client.Counter({
      name: "page_cache_requests_total",
      help: "Page requests answered from the page cache (hit) or rendered into it (miss).",
      labelNames: ["result"],
      registers: [registry],
    }),
    experimentAssignments: new client.Counter({
      name: "experiment_assignments_total",
      help: "Visitors assigned to a variant of an A/B experiment, counted once per visitor.",
      labelNames: ["experiment", "variant"],
      registers: [registry],
    }),
    backlogSource: null,
    srmSource: null,
  };

  let lastBacklog: LeadBacklog | null = null;
  const readBacklog = async (): Promise<LeadBacklog | null> => {
    const source = metrics.backlogSource;
    if (!source) return lastBacklog;
    try {
      lastBacklog = await withTimeout(source());
    } catch {
      // The database is down or slow: the gauges keep their last values; a scrape never fails for it.
    }
    return lastBacklog;
  };
  // Both gauges come from one read per scrape.
  let scrape: Promise<LeadBacklog | null> | null = null;
  const backlogOnce = () => {
    scrape ??= readBacklog().finally(() => (scrape = null));
    return scrape;
  };
  const pending = new client.Gauge({
    name: "leads_pending",
    help: "Deliveries not yet made, store-wide (the database with DATABASE_URL, DATA_DIR otherwise).",
    labelNames: ["destination"],
    registers: [registry],
    async collect() {
      const backlog = await backlogOnce();
      if (!backlog) return;
      for (const destination of DESTINATION_LABELS) this.set({ destination }, backlog.pending[destination]);
    },
  });
  new client.Gauge({
    name: "lead_oldest_pending_seconds",
    help: "Age of the oldest delivery not yet made, store-wide; 0 when none.",
    registers: [registry],
    async collect() {
      const backlog = await backlogOnce();
      if (backlog) this.set(backlog.oldestPendingSeconds);
    },
  }).set(0);

  new client.Gauge({
    name: "experiment_srm_flagged",
    help: "1 while a running experiment's split departs from its weights (sample ratio mismatch), else 0.",
    labelNames: ["experiment"],
    registers: [registry],
    async collect() {
      const source = metrics.srmSource;
      if (!source) return;
      const checks = await withTimeout(source()).catch(() => null);
      if (!checks) return;
      this.reset();
      for (const check of checks) this.set({ experiment: check.experiment }, check.flagged ? 1 : 0);
    },
  });

  // Every series that can exist starts at 0, so a rate or an absence alert works from the first scrape.
  for (const form of Object.values(FORM_LABELS)) {
    metrics.leadsReceived.inc({ form }, 0);
    for (const reason of REFUSAL_REASONS) metrics.leadsRefused.inc({ form, reason }, 0);
    for (const reason of STORE_FAILURE_REASONS) metrics.leadsStoreFailures.inc({ form, reason }, 0);
  }
  for (const destination of DESTINATION_LABELS) {
    pending.set({ destination }, 0);
    for (const result of DELIVERY_RESULTS) metrics.deliveries.inc({ destination, result }, 0);
    metrics.deliveryDuration.zero({ destination });
  }
  metrics.pageCache.inc({ result: "hit" }, 0);
  metrics.pageCache.inc({ result: "miss" }, 0);
  return metrics;
}

function metrics(): Metrics {
  return singleton("metrics", createMetrics);
}

export function countLeadReceived(form: LeadFormKind): void {
  metrics().leadsReceived.inc({ form: FORM_LABELS[form] });
}

/** A refused submission; `form` null when the post named none of the route's forms. */
export function countLeadRefused(form: LeadFormKind | null, reason: RefusalReason): void {
  metrics().leadsRefused.inc({ form: form ? FORM_LABELS[form] : "unknown", reason });
}

/** A valid submission the store could not keep (a full disk, a read-only one, an I/O error). */
export function countLeadStoreFailure(form: LeadFormKind, reason: StoreFailureReason): void {
  metrics().leadsStoreFailures.inc({ form: FORM_LABELS[form], reason });
}

/** One delivery attempt's result, and its duration when a POST was made. */
export function countDelivery(destination: DestinationLabel, result: DeliveryResult, seconds?: number): void {
  const current = metrics();
  current.deliveries.inc({ destination, result });
  if (seconds !== undefined) current.deliveryDuration.observe({ destination }, seconds);
}

/** One answered request; `route` is a route pattern or `unknown`, never a raw path. */
export function observeRequest(route: string, method: string | undefined, status: number, seconds: number): void {
  const upper = method?.toUpperCase() ?? "";
  metrics().httpDuration.observe(
    { route, method: HTTP_METHODS.has(upper) ? upper : "other", status: String(status) },
    seconds,
  );
}

export function countPageCache(result: "hit" | "miss"): void {
  metrics().pageCache.inc({ result });
}

/**
 * A purge request to the shared cache (server/shared-cache-purge.ts): `purged` (2xx), `retried` (an attempt
 * that failed and will be retried), `refused` (a 4xx: the cache will not take it, never retried),
 * `failed` (no attempt left), `dropped` (tags that did not fit the queue: everything is purged instead).
 */
export type SharedCachePurgeResult = "purged" | "retried" | "refused" | "failed" | "dropped";
const SHARED_CACHE_PURGE_RESULTS: readonly SharedCachePurgeResult[] = [
  "purged",
  "retried",
  "refused",
  "failed",
  "dropped",
];
/** shared_cache_purges_total, created with the purge client (only with SHARED_CACHE_PURGE_URL), every result at 0. */
function sharedCachePurges(): client.Counter<"result"> {
  return singleton("metrics.sharedCachePurges", () => {
    const counter = new client.Counter({
      name: "shared_cache_purges_total",
      help: "Tag purges sent to the shared cache (SHARED_CACHE_PURGE_URL), by result.",
      labelNames: ["result"],
      registers: [metrics().registry],
    });
    for (const result of SHARED_CACHE_PURGE_RESULTS) counter.inc({ result }, 0);
    return counter;
  });
}

export function countSharedCachePurge(result: SharedCachePurgeResult | null): void {
  const counter = sharedCachePurges();
  if (result) counter.inc({ result });
}

/**
 * A gauge read at scrape time from the latest `source` given (a module re-created in tests gives a new one), in the
 * current registry (created there when missing: a reset registry gets it again at the next call).
 */
function watchGauge(name: string, help: string, source: () => number): void {
  const holder = singleton(`metrics.source.${name}`, () => ({ source }));
  holder.source = source;
  const registry = metrics().registry;
  if (registry.getSingleMetric(name)) return;
  new client.Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      this.set(holder.source());
    },
  });
}

/**
 * shared_cache_purge_undelivered_seconds: how long the oldest purge not yet taken by the shared cache has
 * waited (0 when none), read at scrape time from the purge client. A page it names may be stale there.
 */
export function watchSharedCachePurgeBacklog(source: () => number): void {
  watchGauge(
    "shared_cache_purge_undelivered_seconds",
    "Age of the oldest purge the shared cache (SHARED_CACHE_PURGE_URL) has not taken yet; 0 when none.",
    source,
  );
}

/**
 * content_remembered_queries: the published queries this process remembers to tell what a content change changed
 * (app/content/cache.server.ts), read at scrape time. Bounded by MAX_KNOWN_QUERIES: past it the oldest is forgotten
 * and the next change purges every page. Only results that showed something count, so a crawler's unknown paths
 * never move it.
 */
export function watchRememberedQueries(source: () => number): void {
  watchGauge(
    "content_remembered_queries",
    "Published content queries remembered to tell what a change changed; past their bound a change purges every page.",
    source,
  );
}

/**
 * shared_cache_memory_errors_total: the shared cache's memory of tagged results or its undelivered purges
 * (app/content/durable-memory.server.ts, app/content/purge-backlog.server.ts) could not be read or written
 * in the database. The instance keeps serving; a change then purges everything (read) or the rows are
 * tried again (write).
 */
export function countSharedCacheMemoryError(operation: "load" | "write"): void {
  singleton(
    "metrics.sharedCacheMemoryErrors",
    () =>
      new client.Counter({
        name: "shared_cache_memory_errors_total",
        help: "Reads and writes of the shared cache's memory (tags, undelivered purges) the database refused.",
        labelNames: ["operation"],
        registers: [metrics().registry],
      }),
  ).inc({ operation });
}

export function countExperimentAssignment(experiment: string, variant: string): void {
  metrics().experimentAssignments.inc({ experiment, variant });
}

/** Where leads_pending and lead_oldest_pending_seconds come from (the lead store); read at scrape time. */
export function setLeadBacklogSource(source: () => Promise<LeadBacklog>): void {
  metrics().backlogSource = source;
}

/** Where experiment_srm_flagged comes from (the experiments' checks); read at scrape time. */
export function setExperimentSrmSource(source: () => Promise<ExperimentSrm[]>): void {
  metrics().srmSource = source;
}

/** The registry every metric is in (prom-client's default one). */
export function metricsRegistry(): client.Registry {
  return metrics().registry;
}

/** The Prometheus text exposition (format 0.0.4) of every metric. */
export async function renderMetrics(): Promise<{ contentType: string; body: string }> {
  const { registry } = metrics();
  return { contentType: registry.contentType, body: await registry.metrics() };
}
