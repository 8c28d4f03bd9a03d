// The shared cache in front, on this machine: Debian's Varnish with the shipped configuration
// (deploy/varnish/leads-site.vcl, the instances' ports filled in) in front of N instances of
// build/server.js on the embedded dataset (a copy in a temporary folder, so a test or a benchmark can
// edit it), each purging Varnish through SHARED_CACHE_PURGE_URL. Shared by the proxy tests
// (tests/proxy/varnish*.test.ts; post-resend and varnish-retry put startVarnish alone in front of stand-ins) and
// `npm run bench:edge`. 127.0.0.1 only; varnishd runs in the
// foreground with its working folder (`-n`) in the temporary one.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

import { freePort, root, SEED_DATASET } from "./build.mjs";
import { Instance, superviseDaemon } from "./proxy-stack.mjs";

export const VARNISH_CONFIG = path.join(root, "deploy", "varnish", "leads-site.vcl");
export const VARNISHD = process.env.VARNISHD_PATH ?? "/usr/sbin/varnishd";
const VARNISHSTAT = process.env.VARNISHSTAT_PATH ?? "/usr/bin/varnishstat";

/** The shipped VCL with these instance ports in place of 3001, 3002 (each backend line keeps its parameters). */
export function varnishConfig(instancePorts) {
  const text = fs.readFileSync(VARNISH_CONFIG, "utf8");
  const backend = /^backend instance_(\d+) \{ \.host = "127\.0\.0\.1"; \.port = "\d+";([^\n]*)\n/m;
  const parameters = backend.exec(text)?.[2];
  if (parameters === undefined) throw new Error("deploy/varnish/leads-site.vcl no longer has its backend lines");
  const backends = instancePorts
    .map((port) => `backend instance_${port} { .host = "127.0.0.1"; .port = "${port}";${parameters}\n`)
    .join("");
  // Every director's list of instances (round robin, the retries' ring).
  const adds = (director) => instancePorts.map((port) => `    ${director}.add_backend(instance_${port});\n`).join("");
  return text
    .replace(/^backend instance_\d+ [^\n]*\n(?:backend instance_\d+ [^\n]*\n)*/m, backends)
    .replace(/^ {4}(\w+)\.add_backend\(instance_\d+\);\n(?: {4}\1\.add_backend\(instance_\d+\);\n)*/gm, (_, director) =>
      adds(director),
    );
}

/**
 * Starts Debian's varnishd in the foreground with the shipped VCL in front of `instancePorts` (its working
 * folder and VCL in `dir`), listening on 127.0.0.1:`port`, and resolves once it answers /healthz. Its stop
 * (SIGTERM) goes on `cleanups`. Used by startVarnishStack and by the proxy tests that put it in front of
 * stand-in instances.
 * @param {{ dir: string, port: number, instancePorts: number[], storage?: string, cleanups: Array<() => unknown> }} options
 */
export async function startVarnish({ dir, port, instancePorts, storage = "malloc,64m", cleanups }) {
  const vcl = path.join(dir, "site.vcl");
  fs.writeFileSync(vcl, varnishConfig(instancePorts));
  const workdir = path.join(dir, "varnish");
  const varnish = spawn(
    VARNISHD,
    [
      ...["-F", "-j", "none", "-n", workdir, "-a", `127.0.0.1:${port}`, "-f", vcl, "-s", storage],
      // As deploy/varnish/leads-site.vcl says: idle backend connections closed before a stopping instance would.
      ...["-p", "backend_idle_timeout=1"],
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  const output = await superviseDaemon(varnish, {
    name: "varnishd",
    stopSignal: "SIGTERM",
    cleanups,
    get: httpRequest,
    healthUrl: `http://127.0.0.1:${port}/healthz`,
    timeoutMs: 30_000,
  });
  return { varnish, workdir, output };
}

/**
 * One request; resolves to { status, headers, body } (body as text).
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string, agent?: http.Agent }} [options]
 * @returns {Promise<{ status: number, headers: import("node:http").IncomingHttpHeaders, body: string }>}
 */
export function httpRequest(url, { method = "GET", headers = {}, body, agent } = {}) {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method, headers, agent: agent ?? false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error("no answer within 30 s")));
    outgoing.end(body);
  });
}

/**
 * Starts `instances` instances and Varnish in front. `dataset`: the NDJSON file to copy (its `images/`
 * beside it too). Resolves to the stack: `url` (Varnish), `datasetFile`, `instances`, `counters()`
 * (varnishstat's), `restart(instance)`, `stop()`.
 */
export async function startVarnishStack({ instances: count = 2, dataset = SEED_DATASET, env = {} } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-varnish-"));
  const cleanups = [
    () => (process.env.PROXY_STACK_KEEP ? undefined : fs.rmSync(dir, { recursive: true, force: true })),
  ];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup();
      } catch {
        // Best effort: the rest still goes.
      }
    }
  };
  try {
    const varnishPort = await freePort();
    const url = `http://127.0.0.1:${varnishPort}`;
    const datasetFile = path.join(dir, "production.ndjson");
    fs.copyFileSync(dataset, datasetFile);
    const images = path.join(path.dirname(dataset), "images");
    if (fs.existsSync(images)) fs.cpSync(images, path.join(dir, "images"), { recursive: true });
    const instanceEnv = { ...process.env };
    for (const name of ["SANITY_PROJECT_ID", "METRICS_TOKEN", "SANITY_WEBHOOK_SECRET", "DATABASE_URL"])
      delete instanceEnv[name];
    Object.assign(instanceEnv, {
      NODE_ENV: "production",
      PUBLIC_SITE_URL: url,
      TRUST_PROXY_HOPS: "1",
      CONTENT_DATASET_FILE: datasetFile,
      SHARED_CACHE_PURGE_URL: `${url}/`,
      ...env,
    });
    const instances = [];
    for (let index = 0; index < count; index += 1) {
      const name = `i${index + 1}`;
      const port = await freePort();
      instances.push(new Instance(name, port, { ...instanceEnv, DATA_DIR: path.join(dir, `data-${name}`) }));
    }
    cleanups.push(() => Promise.all(instances.map((instance) => instance.stop().finally(() => instance.kill()))));
    await Promise.all(instances.map((instance) => instance.start()));

    const {
      varnish,
      workdir,
      output: varnishOutput,
    } = await startVarnish({
      dir,
      port: varnishPort,
      instancePorts: instances.map((instance) => instance.port),
      storage: "malloc,256m",
      cleanups,
    });

    /** varnishd (the manager this stack started) and its children (the cache process). */
    const varnishPids = () => {
      let children = "";
      try {
        children = execFileSync("pgrep", ["-P", String(varnish.pid)], { encoding: "utf8" });
      } catch {
        // No child: only the manager.
      }
      return [varnish.pid, ...children.split("\n").filter(Boolean).map(Number)];
    };

    return {
      url,
      dir,
      datasetFile,
      instances,
      varnishOutput,
      /** varnishstat's counters (MAIN.cache_hit, MAIN.backend_req, …) as name → value. */
      counters() {
        const json = JSON.parse(execFileSync(VARNISHSTAT, ["-n", workdir, "-1", "-j"], { encoding: "utf8" }));
        const entries = json.counters ?? json;
        /** @type {Record<string, number>} */
        const values = {};
        for (const [name, counter] of Object.entries(entries))
          if (counter && typeof counter === "object" && "value" in counter) values[name] = counter.value;
        return values;
      },
      /**
       * Freezes Varnish (its manager and cache process, SIGSTOP) as a network partition would: it keeps
       * its pages, and nothing it is sent, purges included, is answered until `resume()`.
       */
      pause() {
        for (const pid of varnishPids()) process.kill(pid, "SIGSTOP");
      },
      resume() {
        for (const pid of varnishPids()) process.kill(pid, "SIGCONT");
      },
      /** Stops an instance as systemd does and starts it again; resolves with its exit code and drain time. */
      async restart(instance) {
        const stopped = await instance.stop();
        await instance.start();
        return stopped;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
