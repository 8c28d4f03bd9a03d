// The production path, on this machine: Debian's nginx with the shipped site (deploy/nginx/leads-site.conf,
// ports and paths filled in, a self-signed certificate made now) in front of N instances of
// build/server.js on one throwaway PostgreSQL, delivering to a local stand-in of both destinations.
// Shared by the proxy test (tests/proxy/) and `npm run bench:rolling`. 127.0.0.1 only; nginx runs from a
// temporary prefix (`-p`), in the foreground, with its pid, logs, temp and cache folders in it.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";

import { startReceiver } from "../../tests/support/receiver.mjs";
import { freePort, root, SEED_DATASET, waitForHttp } from "./build.mjs";
import { createDatabase, startPostgres } from "./postgres.mjs";

export const SITE_CONFIG = path.join(root, "deploy", "nginx", "leads-site.conf");
export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

function replaceOnce(text, pattern, replacement) {
  if (!pattern.test(text)) throw new Error(`deploy/nginx/leads-site.conf no longer has ${pattern}`);
  return text.replace(pattern, replacement);
}

/**
 * The shipped site with this machine's ports and paths. `bare`: without the Host and X-Forwarded-Host
 * lines, as with a bare `proxy_pass` (nginx then sends the upstream's name as Host).
 */
export function siteConfig({ upstreamPorts, httpPort, httpsPort, certificate, key, cacheDir, bare = false }) {
  let text = fs.readFileSync(SITE_CONFIG, "utf8");
  // Each instance with the shipped line's parameters (what follows its address), so the stack tests them.
  const parameters = /^ {4}server 127\.0\.0\.1:\d+( [^\n]*);$/m.exec(text)?.[1] ?? "";
  const servers = upstreamPorts.map((port) => `    server 127.0.0.1:${port}${parameters};`).join("\n");
  text = replaceOnce(
    text,
    /^ {4}server 127\.0\.0\.1:\d+ [^\n]*\n(?: {4}server 127\.0\.0\.1:\d+ [^\n]*\n)*/m,
    `${servers}\n`,
  );
  text = replaceOnce(text, /listen 80;/, `listen 127.0.0.1:${httpPort};`);
  text = replaceOnce(text, /listen 443 ssl;/, `listen 127.0.0.1:${httpsPort} ssl;`);
  text = replaceOnce(text, /ssl_certificate \S+;/, `ssl_certificate ${certificate};`);
  text = replaceOnce(text, /ssl_certificate_key \S+;/, `ssl_certificate_key ${key};`);
  text = replaceOnce(text, /proxy_cache_path \S+/, `proxy_cache_path ${cacheDir}`);
  if (bare) {
    text = replaceOnce(text, /^\s*proxy_set_header Host [^\n]*\n/m, "");
    text = replaceOnce(text, /^\s*proxy_set_header X-Forwarded-Host [^\n]*\n/m, "");
  }
  return text;
}

/** The main configuration around the site: foreground, everything in `dir`. */
function mainConfig(dir) {
  const user = process.getuid?.() === 0 ? "user root;\n" : "";
  return `${user}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
    access_log ${dir}/access.log;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;
    include ${dir}/site.conf;
}
`;
}

/**
 * A front daemon (nginx, varnishd) of a test stack: stopped with `stopSignal` at cleanup (SIGKILL after
 * 5 s), and awaited until `get(healthUrl)` answers 200, or an error with the last of its output when it
 * exits or `timeoutMs` passes.
 */
export async function superviseDaemon(child, { name, stopSignal, cleanups, get, healthUrl, timeoutMs }) {
  let output = "";
  const keep = (chunk) => (output = (output + chunk).slice(-20_000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise((resolve) => child.once("exit", resolve));
  cleanups.push(async () => {
    child.kill(stopSignal);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (child.exitCode === null) child.kill("SIGKILL");
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await get(healthUrl).catch(() => null);
    if (answer?.status === 200) break;
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error(`${name} did not answer at ${healthUrl}:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return () => output;
}

/** One instance of build/server.js on a fixed port and DATA_DIR, restartable. */
export class Instance {
  constructor(name, port, env) {
    this.name = name;
    this.port = port;
    this.env = env;
    this.child = null;
    this.output = "";
    /** The folder of the release it runs (build/, public/): another one after a deploy. */
    this.release = root;
  }

  get url() {
    return `http://127.0.0.1:${this.port}`;
  }

  async start() {
    const child = spawn(process.execPath, [path.join(this.release, "build", "server.js")], {
      cwd: this.release,
      env: { ...this.env, PORT: String(this.port) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    this.child = child;
    child.stdout.on("data", (chunk) => (this.output = (this.output + chunk).slice(-20_000)));
    child.stderr.on("data", (chunk) => (this.output = (this.output + chunk).slice(-20_000)));
    this.exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
    await Promise.race([
      waitForHttp(`${this.url}/healthz`, 60_000),
      this.exited.then((code) => {
        throw new Error(`instance ${this.name} exited (${code}):\n${this.output}`);
      }),
    ]);
  }

  /** SIGTERM, as systemd sends it; resolves with the exit code and the drain time (signal to exit). */
  async stop() {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return { code: null, ms: 0 };
    const started = performance.now();
    this.child.kill("SIGTERM");
    const code = await this.exited;
    return { code, ms: Math.round(performance.now() - started) };
  }

  kill() {
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) this.child.kill("SIGKILL");
  }
}

/**
 * Debian's nginx with the shipped site in `dir` (a self-signed certificate made now) in front of
 * `upstreamPorts`, stopped by `cleanups`; resolves once its https port answers /healthz.
 */
export async function startNginx({ dir, upstreamPorts, httpPort, httpsPort, cleanups }) {
  const certificate = path.join(dir, "site.pem");
  const key = path.join(dir, "site.key");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"].concat([
      "-keyout",
      key,
      "-out",
      certificate,
    ]),
    { stdio: "pipe" },
  );
  const site = { upstreamPorts, httpPort, httpsPort, certificate, key, cacheDir: path.join(dir, "cache") };
  fs.writeFileSync(path.join(dir, "site.conf"), siteConfig(site));
  const nginxConf = path.join(dir, "nginx.conf");
  fs.writeFileSync(nginxConf, mainConfig(dir));
  execFileSync(NGINX, ["-t", "-q", "-p", dir, "-c", nginxConf], { stdio: "pipe" });
  const nginx = spawn(NGINX, ["-p", dir, "-c", nginxConf], { stdio: ["ignore", "ignore", "pipe"] });
  await superviseDaemon(nginx, {
    name: "nginx",
    stopSignal: "SIGQUIT",
    cleanups,
    get: httpsGet,
    healthUrl: `https://127.0.0.1:${httpsPort}/healthz`,
    timeoutMs: 20_000,
  });
  return { site, nginxConf, nginx };
}

/**
 * Starts PostgreSQL, the destinations' stand-in, `instances` instances and nginx. `env` adds settings
 * to every instance (e.g. FORM_RATE_LIMIT). Resolves to the stack: `url` (https through nginx),
 * `instances`, `receiver`, `restart(instance)`, `reload({ bare })`, `stop()`.
 */
export async function startProxyStack({ instances: count = 2, env = {} } = {}) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-proxy-"));
  // PROXY_STACK_KEEP=1 keeps the folder (nginx's logs) for a look after the run.
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
    const postgres = await startPostgres();
    cleanups.push(() => postgres.remove());
    const databaseUrl = await createDatabase(postgres.url());
    const receiver = await startReceiver();
    cleanups.push(() => new Promise((resolve) => receiver.server.close(resolve)));
    cleanups.push(() => receiver.server.closeAllConnections());

    const httpsPort = await freePort();
    const httpPort = await freePort();
    const siteUrl = `https://127.0.0.1:${httpsPort}`;
    fs.copyFileSync(SEED_DATASET, path.join(dir, "production.ndjson"));
    fs.cpSync(path.join(path.dirname(SEED_DATASET), "images"), path.join(dir, "images"), { recursive: true });
    const instanceEnv = { ...process.env };
    for (const name of ["SANITY_PROJECT_ID", "METRICS_TOKEN", "SANITY_WEBHOOK_SECRET"]) delete instanceEnv[name];
    Object.assign(instanceEnv, {
      NODE_ENV: "production",
      PUBLIC_SITE_URL: siteUrl,
      TRUST_PROXY_HOPS: "1",
      // As the shipped unit: reachable through nginx only.
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      CONTENT_DATASET_FILE: path.join(dir, "production.ndjson"),
      FORM_SERVICE_URL: `${receiver.url}/form-service`,
      AUTOMATION_WEBHOOK_URL: `${receiver.url}/automation`,
      DELIVERY_RETRY_BASE_MS: "500",
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

    const { site, nginxConf, nginx } = await startNginx({
      dir,
      upstreamPorts: instances.map((instance) => instance.port),
      httpPort,
      httpsPort,
      cleanups,
    });

    return {
      url: siteUrl,
      httpUrl: `http://127.0.0.1:${httpPort}`,
      dir,
      databaseUrl,
      instances,
      receiver,
      nginxLog: () => fs.readFileSync(path.join(dir, "error.log"), "utf8"),
      /** Stops an instance as systemd does and starts it again; resolves with its exit code and drain time. */
      async restart(instance) {
        const stopped = await instance.stop();
        await instance.start();
        return stopped;
      },
      /** Rewrites the site (bare: a bare proxy_pass) and reloads nginx; resolves once the new workers run. */
      async reload({ bare = false } = {}) {
        fs.writeFileSync(path.join(dir, "site.conf"), siteConfig({ ...site, bare }));
        execFileSync(NGINX, ["-t", "-q", "-p", dir, "-c", nginxConf], { stdio: "pipe" });
        process.kill(nginx.pid, "SIGHUP");
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A client that accepts the stack's self-signed certificate; keep-alive like a browser. */
export function httpsAgent(options = {}) {
  return new https.Agent({ keepAlive: true, rejectUnauthorized: false, ...options });
}

/**
 * One request through the stack; resolves to { status, headers, body } (body as text). `path`: the
 * request target exactly as written (a URL string would have its dot segments resolved).
 * @param {string} url
 * @param {{ method?: string, headers?: Record<string, string>, body?: string, agent?: https.Agent, localAddress?: string, path?: string }} [options]
 * @returns {Promise<{ status: number, headers: import("node:http").IncomingHttpHeaders, body: string }>}
 */
export function httpsRequest(url, { method = "GET", headers = {}, body, agent, localAddress, path: target } = {}) {
  return new Promise((resolve, reject) => {
    const outgoing = https.request(
      url,
      {
        method,
        headers,
        agent: agent ?? false,
        rejectUnauthorized: false,
        localAddress,
        ...(target ? { path: target } : {}),
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error("no answer within 30 s")));
    outgoing.end(body);
  });
}

export const httpsGet = (url) => httpsRequest(url);

/** The contact form's fields for a lead whose `nombre` is `name` (unique per lead: how deliveries are matched). */
export function contactLead(name) {
  return new URLSearchParams({
    nombre: name,
    email: "ana@empresa.es",
    telefono: "600 111 222",
    empresa: "Transportes Ana",
    sector: "Logística",
    mensaje: "Hola, quiero más información.",
  }).toString();
}

/**
 * The deliveries the stand-in received, by lead name: for each, the 2xx deliveries per destination and
 * the Idempotency-Keys seen.
 */
export function deliveriesByName(receiver) {
  const byName = new Map();
  for (const item of receiver.received) {
    const name = item.body?.nombre;
    if (typeof name !== "string") continue;
    const entry = byName.get(name) ?? { "/form-service": 0, "/automation": 0, keys: new Set() };
    entry[item.path] = (entry[item.path] ?? 0) + 1;
    entry.keys.add(String(item.headers["idempotency-key"]));
    byName.set(name, entry);
  }
  return byName;
}

const READ_PATHS = ["/", "/sectores", "/calculadora", "/contacto", "/sectores/construccion", "/mensual"];

/**
 * Visitors through the stack until `stop()`: `noJs` clients post the contact form as a browser without
 * JavaScript does (an HTML page back), `js` clients as the enhanced form does (Remix's data request), and
 * `readers` read pages. Each client has its own keep-alive connection. A request fails on a network error
 * or an answer other than 200 (a lead's answer must also say it was stored). `headers` are added to every
 * post (e.g. to leave out Sec-Fetch-Site).
 */
export function startVisitors(url, { noJs = 6, js = 3, readers = 3, prefix = "lead", postHeaders } = {}) {
  /** @type {{ requests: number, failures: Record<string, unknown>[], accepted: string[], byKind: { noJs: number, js: number, read: number } }} */
  const results = { requests: 0, failures: [], accepted: [], byKind: { noJs: 0, js: 0, read: 0 } };
  let running = true;
  let counter = 0;
  const browserPost = postHeaders ?? { Origin: url, "Sec-Fetch-Site": "same-origin" };
  const client = async (kind, index) => {
    const agent = httpsAgent({ maxSockets: 1 });
    while (running) {
      let target = "";
      try {
        if (kind === "read") {
          target = READ_PATHS[(counter += 1) % READ_PATHS.length];
          const answer = await httpsRequest(`${url}${target}`, { agent, headers: { "Accept-Encoding": "br, gzip" } });
          results.requests += 1;
          results.byKind.read += 1;
          if (answer.status !== 200)
            results.failures.push({ kind, target, status: answer.status, body: answer.body.slice(0, 300) });
          continue;
        }
        const name = `${prefix}-${kind}-${index}-${(counter += 1)}`;
        target = kind === "js" ? "/contacto?_data=routes%2Fcontacto" : "/contacto";
        const answer = await httpsRequest(`${url}${target}`, {
          agent,
          method: "POST",
          headers: {
            ...browserPost,
            "Content-Type": "application/x-www-form-urlencoded",
            Accept: kind === "js" ? "*/*" : "text/html",
          },
          body: contactLead(name),
        });
        results.requests += 1;
        results.byKind[kind] += 1;
        const stored = kind === "js" ? /"ok":\s*true/.test(answer.body) : answer.body.includes("enviado correctamente");
        if (answer.status === 200 && stored) results.accepted.push(name);
        else results.failures.push({ kind, target, status: answer.status, body: answer.body.slice(0, 300) });
      } catch (error) {
        results.requests += 1;
        results.failures.push({ kind, target, error: String(error) });
      }
    }
    agent.destroy();
  };
  const clients = [
    ...Array.from({ length: noJs }, (_, index) => client("noJs", index)),
    ...Array.from({ length: js }, (_, index) => client("js", index)),
    ...Array.from({ length: readers }, (_, index) => client("read", index)),
  ];
  return {
    results,
    async stop() {
      running = false;
      await Promise.all(clients);
      return results;
    },
  };
}

/** Resolves once every accepted lead reached both destinations (or `timeoutMs` passed); returns the deliveries. */
export async function waitForDeliveries(receiver, names, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const byName = deliveriesByName(receiver);
    const missing = names.filter(
      (name) => !(byName.get(name)?.["/form-service"] >= 1 && byName.get(name)?.["/automation"] >= 1),
    );
    if (missing.length === 0 || Date.now() > deadline) return { byName, missing };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
