// The shipped proxies resend a lead's post whose hand-over failed, with the id that makes the copy the same
// lead (docs/decisions/0024-a-resent-post-is-one-lead.md): Debian's nginx (deploy/nginx/leads-site.conf) and
// varnishd (deploy/varnish/leads-site.vcl), each in front of two stand-in instances, one that resets every
// post's connection once the post is written into it (what a stopping instance's kernel does to the
// connections it had not taken) and one that answers. Through nginx every post gets an X-Request-Id and the
// copy carries the same one; through Varnish a post carrying one reaches the answering instance whole, whichever
// was tried first, and one without an id is never sent twice (it fails when it met the resetting instance),
// nor is Sanity's webhook.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { freePort } from "../../scripts/lib/build.mjs";
import { httpsRequest, startNginx } from "../../scripts/lib/proxy-stack.mjs";
import { httpRequest, startVarnish } from "../../scripts/lib/varnish-stack.mjs";

interface Received {
  url: string;
  body: string;
  requestId: string | undefined;
}

const cleanups: Array<() => unknown> = [];
let varnishUrl = "";
let nginxUrl = "";
/** Posts each stand-in saw: the resetting one only starts reading them. */
const resetting: Received[] = [];
const answering: Received[] = [];

function standIn(onPost: (req: http.IncomingMessage, res: http.ServerResponse, received: Received) => void) {
  return http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      if (req.method !== "POST") {
        // The probe's /healthz and anything else: healthy.
        res.end("ok");
        return;
      }
      const requestId = req.headers["x-request-id"];
      onPost(req, res, { url: req.url ?? "", body, requestId: typeof requestId === "string" ? requestId : undefined });
    });
  });
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return (server.address() as AddressInfo).port;
}

beforeAll(async () => {
  const resetPort = await listen(
    standIn((req, _res, received) => {
      resetting.push(received);
      req.socket.resetAndDestroy();
    }),
  );
  const answerPort = await listen(
    standIn((_req, res, received) => {
      answering.push(received);
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify({ ok: true, body: received.body }));
    }),
  );
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "varnish-resend-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  const port = await freePort();
  varnishUrl = `http://127.0.0.1:${port}`;
  await startVarnish({ dir, port, instancePorts: [resetPort, answerPort], cleanups });
  const nginxDir = path.join(dir, "nginx");
  fs.mkdirSync(nginxDir);
  const httpsPort = await freePort();
  nginxUrl = `https://127.0.0.1:${httpsPort}`;
  await startNginx({
    dir: nginxDir,
    upstreamPorts: [resetPort, answerPort],
    httpPort: await freePort(),
    httpsPort,
    cleanups,
  });
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const post = (target: string, body: string, headers: Record<string, string> = {}) =>
  httpRequest(`${varnishUrl}${target}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body,
  });

describe("nginx in front of an instance that resets posts", () => {
  it("sends every post again to the other instance, with the X-Request-Id the first copy had", async () => {
    const before = resetting.length;
    // Round robin: the first post handed to the resetting instance takes it out for fail_timeout (2 s).
    for (let index = 0; index < 4; index += 1) {
      const body = `nombre=Ana+${index}&email=ana%40example.com&mensaje=${"x".repeat(20_000)}`;
      const answer = await httpsRequest(`${nginxUrl}/contacto`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body,
      });
      expect(answer.status, body.slice(0, 20)).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ ok: true, body });
    }
    const reset = resetting.slice(before);
    expect(reset.length).toBeGreaterThanOrEqual(1);
    for (const first of reset) {
      expect(first.requestId).toMatch(/^[0-9a-f]{32}$/);
      // The copy: the same post, the same id, answered once.
      expect(answering.filter((received) => received.requestId === first.requestId)).toEqual([first]);
    }
  });
});

describe("Varnish in front of an instance that resets posts", () => {
  it("sends a post with its X-Request-Id to the other instance, body and id intact", async () => {
    // Round robin: of four posts, two are first handed to the resetting instance.
    for (let index = 0; index < 4; index += 1) {
      const requestId = `5f1c0de2a7b94e0c8d3e6a1b2c4d5e${index}0`;
      const body = `nombre=Ana+${index}&email=ana%40example.com&mensaje=${"x".repeat(20_000)}`;
      const answer = await post("/contacto?_data=routes%2Fcontacto", body, { "X-Request-Id": requestId });
      expect(answer.status, requestId).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ ok: true, body });
      expect(answering.filter((received) => received.requestId === requestId)).toEqual([
        { url: "/contacto?_data=routes%2Fcontacto", body, requestId },
      ]);
    }
    expect(resetting.length).toBeGreaterThanOrEqual(2);
  });

  it("never sends a post twice without the id that makes the copy the same lead, nor Sanity's webhook", async () => {
    const before = { resetting: resetting.length, answering: answering.length };
    const answers = [];
    for (let index = 0; index < 4; index += 1) answers.push(await post("/contacto", `nombre=Sin+id+${index}`));
    for (let index = 0; index < 4; index += 1)
      answers.push(
        await post("/api/revalidate", `{"_id":"sector-${index}"}`, {
          "X-Request-Id": `0a1b2c3d4e5f60718293a4b5c6d7e8${index}0`,
        }),
      );
    const reset = resetting.length - before.resetting;
    const answered = answering.length - before.answering;
    // Each post went to one instance only: those the resetting one took failed, the rest were answered.
    expect(reset).toBeGreaterThanOrEqual(2);
    expect(reset + answered).toBe(8);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(answered);
    expect(answers.filter((answer) => answer.status >= 500)).toHaveLength(reset);
  });
});
