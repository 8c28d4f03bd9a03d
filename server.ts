/**
 * The production server: Express around the Remix request handler, serving the built assets.
 */
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express from "express";

const here = path.dirname(fileURLToPath(import.meta.url));
// Compiled to build/server.js; the project root is one level up from there.
const root = path.basename(here) === "build" ? path.dirname(here) : here;
const buildPath = path.join(root, "build", "index.js");

export async function createServer() {
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  const app = express();
  app.disable("x-powered-by");
  app.use("/build", express.static(path.join(root, "public", "build"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.join(root, "public"), { maxAge: "1h" }));
  app.all("*", createRequestHandler({ build, mode: process.env.NODE_ENV ?? "production" }));
  return app;
}

export async function startServer() {
  const port = Number(process.env.PORT) || 3000;
  const app = await createServer();
  const server = app.listen(port, () => {
    console.log(JSON.stringify({ level: "info", msg: "server listening", url: `http://localhost:${port}` }));
  });
  return server;
}

const isMain = process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url;
if (isMain) await startServer();
