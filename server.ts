/**
 * The production server. A plain node:http layer answers cached pages and public files from memory
 * (server/request-listener.ts); everything else reaches Express and the Remix handler, which fills the
 * page cache. A content change drops the cached pages that showed it, here and, with
 * SHARED_CACHE_PURGE_URL, at the shared cache in front (server/shared-cache-purge.ts).
 */
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import type { ServerBuild } from "@remix-run/node";
import express, { type ErrorRequestHandler } from "express";

import type * as EntryServer from "./app/entry.server";
import { type ContentChange, dataDir, purgeBacklog, purgeTagsOf } from "./server/app";
import { archiveBuildFiles, buildIdentity, buildTag, recordServedBuild } from "./server/build-release";
import { isPublicListenAddress, trustedProxyAddresses, trustedProxyHops } from "./server/client-address";
import { applyKeepAlive, ConnectionDrain, shutdownDelayMs } from "./server/drain";
import { PageCache, pageCacheBounds } from "./server/page-cache";
import { createRemixHandler } from "./server/remix-handler";
import { createRequestListener } from "./server/request-listener";
import { sendPlain } from "./server/respond";
import { createRouteLabeler } from "./server/route-label";
import { type SharedCachePurger, sharedCachePurger } from "./server/shared-cache-purge";
import { StaticAssets } from "./server/static-assets";

const here = path.dirname(fileURLToPath(import.meta.url));
// Compiled to build/server.js; the project root is one level up from there.
const root = path.basename(here) === "build" ? path.dirname(here) : here;
const buildPath = path.join(root, "build", "index.js");

/**
 * The process-wide services of the app's server build, typed from app/entry.server.tsx: renaming or
 * dropping one of these exports there fails to compile here, and a build without them fails at boot.
 */
export type AppServices = Pick<
  typeof EntryServer,
  "contentEvents" | "startLeadDelivery" | "shutdownLeads" | "startLiveContent" | "previewModeRoutes" | "metricsRoute"
>;

export function appServices(build: Pick<ServerBuild, "entry">): AppServices {
  const entry = build.entry.module as Partial<AppServices>;
  if (
    typeof entry.contentEvents?.on !== "function" ||
    typeof entry.startLeadDelivery !== "function" ||
    typeof entry.shutdownLeads !== "function" ||
    typeof entry.startLiveContent !== "function" ||
    typeof entry.previewModeRoutes !== "object" ||
    typeof entry.metricsRoute !== "function"
  ) {
    throw new Error(
      "The server build does not export contentEvents, startLeadDelivery, shutdownLeads, startLiveContent, previewModeRoutes and metricsRoute (app/entry.server.tsx)",
    );
  }
  return {
    contentEvents: entry.contentEvents,
    startLeadDelivery: entry.startLeadDelivery,
    shutdownLeads: entry.shutdownLeads,
    startLiveContent: entry.startLiveContent,
    previewModeRoutes: entry.previewModeRoutes,
    metricsRoute: entry.metricsRoute,
  };
}

/** Express's last resort: a refused request keeps its 4xx (e.g. a malformed path), anything else is a bare 500. */
const lastResort: ErrorRequestHandler = (error: unknown, _req, res, _next) => {
  const status = Number((error as { status?: unknown } | null)?.status);
  if (status >= 400 && status < 500) {
    sendPlain(res, status, "Petición no válida.");
    return;
  }
  console.error(JSON.stringify({ level: "error", msg: "request failed", error: String(error) }));
  sendPlain(res, 500, "Error interno del servidor.");
};

/** The site's stylesheet as the root route links it, for pages the server writes itself (a 403). */
function siteStylesheet(build: ServerBuild): string | undefined {
  try {
    const links = build.routes.root?.module.links?.() ?? [];
    const sheet = links.find((link) => "rel" in link && link.rel === "stylesheet" && "href" in link);
    return sheet && "href" in sheet && typeof sheet.href === "string" ? sheet.href : undefined;
  } catch {
    return undefined;
  }
}

export async function createServer() {
  // Settings that must be right before anything is served: a bad one stops the start, naming itself.
  const trustedProxy = trustedProxyAddresses();
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const services = appServices(build);
  const cache = new PageCache(pageCacheBounds());
  // This instance's name in DATA_DIR, the same across its restarts (its last build, its kept purges).
  const owner = `${os.hostname()}-${process.env.PORT ?? "0"}`.replace(/[^a-zA-Z0-9._-]+/g, "_");
  // A purge the cache did not take is kept (the database with DATABASE_URL, else DATA_DIR) and sent by
  // the next start or, on the database, by any instance: a kill during an outage loses nothing.
  const purger = sharedCachePurger(process.env, () =>
    purgeBacklog(path.join(dataDir(), "shared-cache", `undelivered-purges-${owner}.txt`)),
  );
  const buildVersion = buildIdentity(path.dirname(buildPath));
  // A deploy: the pages of the build this instance served before leave the shared cache
  // (server/build-release.ts). A first start on this DATA_DIR has no build to purge.
  const replaced = recordServedBuild(dataDir(), buildVersion, owner);
  if (purger && replaced && replaced !== buildVersion) {
    purger.purge([buildTag(replaced)]);
    console.log(JSON.stringify({ level: "info", msg: "old build purged", build: buildVersion, replaced }));
  }
  services.contentEvents.on("change", (change?: ContentChange) => {
    const tags = purgeTagsOf(change ?? { all: true, reason: "change" });
    if (!tags) return;
    const dropped = cache.invalidateTags(tags);
    purger?.purge(tags);
    console.log(
      JSON.stringify({ level: "info", msg: "content changed", reason: change?.reason, tags: tags.length, dropped }),
    );
  });

  const server = http.createServer();
  const drain = new ConnectionDrain(server);
  const app = express();
  app.disable("x-powered-by");
  const publicSiteUrl = process.env.PUBLIC_SITE_URL;
  const proxyHops = trustedProxyHops();
  // `/metrics` answers null without METRICS_TOKEN: Remix then answers it like any unknown path.
  const ownRoutes = { ...services.previewModeRoutes, "/metrics": services.metricsRoute };
  app.all(
    "*",
    createRemixHandler({
      build,
      mode: process.env.NODE_ENV ?? "production",
      cache,
      publicSiteUrl,
      trustedProxyHops: proxyHops,
      trustedProxy,
      ownRoutes,
      longLivedUntil: () => drain.signal,
      sharedCache: purger !== null,
      buildVersion,
    }),
  );
  app.use(lastResort);

  const assets = new StaticAssets(
    path.join(root, "public"),
    archiveBuildFiles(path.join(root, "public", "build"), dataDir(), buildVersion),
  );
  server.on(
    "request",
    createRequestListener({
      cache,
      assets,
      app,
      publicSiteUrl,
      trustedProxyHops: proxyHops,
      trustedProxy,
      routeLabel: createRouteLabeler(build.routes, Object.keys(ownRoutes)),
      drain,
      stylesheet: siteStylesheet(build),
    }),
  );
  applyKeepAlive(server);
  return Object.assign(server, { services, drain, purger });
}

export async function startServer() {
  const port = Number(process.env.PORT) || 3000;
  // pg-boss 10's worker does not await its own complete/fail calls, so a database that goes away while a
  // job runs rejects a promise nobody holds. The job is then retried after it expires; the server must not
  // stop serving (and taking leads into DATA_DIR) because of it.
  process.on("unhandledRejection", (reason: unknown) => {
    console.error(JSON.stringify({ level: "error", msg: "unhandled rejection", error: String(reason) }));
  });
  const server = await createServer();
  // Lead delivery: resume the submissions waiting in DATA_DIR at boot, not at the first post.
  await server.services.startLeadDelivery().catch((error: unknown) => {
    console.error(JSON.stringify({ level: "error", msg: "lead delivery could not start", error: String(error) }));
  });
  // Live content (app/content/live.server.ts): with Sanity, every instance drops its caches on each change.
  server.services.startLiveContent();
  // HOST: the address to listen on (all interfaces when unset); the shipped unit says 127.0.0.1.
  const host = process.env.HOST?.trim() || undefined;
  server.once("error", (error: Error) => {
    console.error(JSON.stringify({ level: "error", msg: "server could not listen", host, port, error: String(error) }));
    process.exit(1);
  });
  server.listen(port, host, () => {
    const address = server.address();
    const listening = typeof address === "object" && address ? address.address : (host ?? "::");
    console.log(
      JSON.stringify({ level: "info", msg: "server listening", url: `http://localhost:${port}`, address: listening }),
    );
    if (trustedProxyHops() > 0 && isPublicListenAddress(listening)) {
      console.warn(
        JSON.stringify({
          level: "warn",
          msg: "TRUST_PROXY_HOPS is set and the server listens on a public address: X-Forwarded-* is believed from TRUSTED_PROXY_ADDRESSES only, so no client may connect from those; with the proxy on this machine, set HOST=127.0.0.1",
          address: listening,
          port,
        }),
      );
    }
  });
  handleShutdownSignals(server);
  return server;
}

/** DELIVERY_TIMEOUT_MS as the lead store reads it (app/leads/config.server.ts): the shutdown's bound is this + 5 s. */
function deliveryTimeoutMs(): number {
  const value = Number(process.env.DELIVERY_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : 10_000;
}

/**
 * SIGTERM (a deploy, a scale-down) or SIGINT: drain the connections so that no proxy in front sees a
 * reset (server/drain.ts: answer every request with `Connection: close`, stop listening after
 * SHUTDOWN_DELAY_MS, close idle connections after a grace; `/healthz` answers 503 meanwhile), then let lead delivery finish or
 * hand back the attempts under way, write buffered counts, and exit 0, within DELIVERY_TIMEOUT_MS + 5 s.
 * Leads are stored until the last request is answered: delivery stops only after that. A second signal
 * exits at once.
 */
function handleShutdownSignals(
  server: http.Server & { services: AppServices; drain: ConnectionDrain; purger: SharedCachePurger | null },
) {
  let stopping = false;
  const shutdown = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    const started = Date.now();
    const timeoutMs = deliveryTimeoutMs();
    console.log(JSON.stringify({ level: "info", msg: "shutting down", signal }));
    // The bound: DELIVERY_TIMEOUT_MS + 5 s. Past it something hangs: exit anyway (a platform would kill
    // the process soon after).
    const boundMs = timeoutMs + 5_000;
    const limit = setTimeout(() => process.exit(1), boundMs - 500);
    limit.unref();
    // Requests begun get most of the bound (a busy machine answers slowly); delivery then gets what is
    // left, 1.5 s kept for the counts and the pool.
    server.drain
      // New connections are still taken for SHUTDOWN_DELAY_MS, within what the bound leaves (8 s kept).
      .drain({
        listenMs: Math.min(shutdownDelayMs(), Math.max(0, boundMs - 8_000)),
        idleGraceMs: 2_000,
        deadlineMs: boundMs - 3_000,
      })
      .then(async ({ cut }) => {
        const msg = "connections drained";
        const ms = Date.now() - started;
        console.log(JSON.stringify({ level: cut ? "warn" : "info", msg, cut, ms }));
        // What the shared cache has not taken yet is kept for the next start, before the database pool
        // closes (2 s at most: a purge was kept when it failed; only what was queued since is written now).
        await Promise.race([server.purger?.close(), new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
        return server.services.shutdownLeads(Math.max(500, boundMs - (Date.now() - started) - 1_500));
      })
      .catch((error: unknown) =>
        console.error(JSON.stringify({ level: "error", msg: "shutdown incomplete", error: String(error) })),
      )
      .finally(() => {
        console.log(JSON.stringify({ level: "info", msg: "shutdown complete", ms: Date.now() - started }));
        process.exit(0);
      });
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

const isMain = process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url;
if (isMain) {
  await startServer().catch((error: unknown) => {
    console.error(
      JSON.stringify({
        level: "error",
        msg: "server could not start",
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    process.exit(1);
  });
}
