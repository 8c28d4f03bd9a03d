/**
 * The production server. A plain node:http layer answers cached pages and public files from memory
 * (server/request-listener.ts); everything else reaches Express and the Remix handler, which fills the
 * page cache. The cache is dropped whenever content changes.
 */
import type { EventEmitter } from "node:events";
import http from "node:http";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import express from "express";
import { trustedProxyHops } from "./server/client-address";
import { PageCache } from "./server/page-cache";
import { createRemixHandler } from "./server/remix-handler";
import { createRequestListener } from "./server/request-listener";
import { StaticAssets } from "./server/static-assets";

const here = path.dirname(fileURLToPath(import.meta.url));
// Compiled to build/server.js; the project root is one level up from there.
const root = path.basename(here) === "build" ? path.dirname(here) : here;
const buildPath = path.join(root, "build", "index.js");

export async function createServer() {
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const cache = new PageCache();
  (build.entry.module as { contentEvents?: EventEmitter }).contentEvents?.on("change", () => cache.clear());

  const app = express();
  app.disable("x-powered-by");
  const publicSiteUrl = process.env.PUBLIC_SITE_URL;
  app.all(
    "*",
    createRemixHandler({
      build,
      mode: process.env.NODE_ENV ?? "production",
      cache,
      publicSiteUrl,
      trustedProxyHops: trustedProxyHops(),
    }),
  );

  const assets = new StaticAssets(path.join(root, "public"));
  return http.createServer(createRequestListener({ cache, assets, app, publicSiteUrl }));
}

export async function startServer() {
  const port = Number(process.env.PORT) || 3000;
  const server = await createServer();
  // Lead delivery: resume the submissions waiting in DATA_DIR at boot, not at the first post.
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  await (build.entry.module as { startLeadDelivery?: () => Promise<void> })
    .startLeadDelivery?.()
    .catch((error: unknown) => {
      console.error(JSON.stringify({ level: "error", msg: "lead delivery could not start", error: String(error) }));
    });
  server.listen(port, () => {
    console.log(JSON.stringify({ level: "info", msg: "server listening", url: `http://localhost:${port}` }));
  });
  return server;
}

const isMain = process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url;
if (isMain) await startServer();
