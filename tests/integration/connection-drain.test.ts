// server/drain.ts on real sockets, in the two ways a stopping server could reset a connection into which a proxy
// in front has already written a lead's POST (nginx does not resend it: the visitor gets a 502 and the lead is
// lost, seen in tests/proxy/rolling-restart.test.ts on a loaded host):
// - the listener closed while the kernel still holds connections the server has not accepted: made to happen
//   on purpose here, by a client in another process that connects and posts while this process's event loop is
//   held, exactly what a busy instance receiving SIGTERM goes through;
// - a kept-alive connection closed by the server before it has sat idle for the whole grace.
// Every wait is for a condition (the client's own flag, an answer's end); the only figures are the grace itself,
// measured between the client's own events, so a slow host only widens the gaps.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

import { ConnectionDrain, pendingConnections } from "../../server/drain";

let server: http.Server | null = null;
let dir: string | null = null;

afterEach(async () => {
  if (server?.listening) await new Promise((resolve) => server!.close(resolve));
  server = null;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = null;
});

/** A server that reads a posted body and answers with it: "stored:<body>". */
function echoServer(): http.Server {
  return http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => res.end(`stored:${body}`));
  });
}

async function listen(target: http.Server): Promise<number> {
  await new Promise<void>((resolve) => target.listen(0, "127.0.0.1", resolve));
  return (target.address() as AddressInfo).port;
}

// The client, as nginx behaves: it connects, writes the whole request at once, and reads the answer. On "go"
// (a line on stdin) it opens COUNT connections, posts on each, and once every request is in the kernel's hands
// it creates FLAG; then it prints what each connection got: the answer, or the error (ECONNRESET).
const CLIENT = `
const net = require("node:net");
const fs = require("node:fs");
const [port, count, flag] = process.argv.slice(1);
process.stdin.once("data", () => {
  let written = 0;
  const results = [];
  for (let i = 0; i < Number(count); i++) {
    const body = "lead-" + i;
    const socket = net.connect(Number(port), "127.0.0.1");
    let answer = "";
    socket.setEncoding("latin1");
    socket.on("connect", () =>
      socket.write(
        "POST /lead HTTP/1.1\\r\\nHost: site\\r\\nContent-Type: text/plain\\r\\nContent-Length: " + body.length + "\\r\\n\\r\\n" + body,
        () => { if (++written === Number(count)) fs.writeFileSync(flag, "written"); },
      ),
    );
    socket.on("data", (chunk) => (answer += chunk));
    socket.on("error", (error) => results.push({ body, error: error.code }));
    socket.on("close", () => {
      if (!results.some((result) => result.body === body)) results.push({ body, answer });
      if (results.length === Number(count)) process.stdout.write(JSON.stringify(results), () => process.exit(0));
    });
  }
});
process.stdout.write("ready\\n");
`;

describe("ConnectionDrain", () => {
  it("answers every connection the kernel took before the listener closed: a post already sent is never reset", async () => {
    const COUNT = 8;
    server = echoServer();
    const drain = new ConnectionDrain(server);
    const port = await listen(server);
    expect(pendingConnections(server)).toBe(0);

    dir = fs.mkdtempSync(path.join(os.tmpdir(), "drain-"));
    const flag = path.join(dir, "flag");
    const client = spawn(process.execPath, ["-e", CLIENT, String(port), String(COUNT), flag], {
      stdio: ["pipe", "pipe", "inherit"],
    });
    let output = "";
    client.stdout.setEncoding("utf8");
    client.stdout.on("data", (chunk: string) => (output += chunk));
    const exited = new Promise<void>((resolve) => client.once("exit", () => resolve()));
    await new Promise<void>((resolve) => {
      const check = () => (output.includes("ready\n") ? resolve() : setTimeout(check, 10));
      check();
    });

    // "go", then this event loop is held until the client has every request written: the kernel completes each
    // connection for the listener, and none is accepted (a busy instance at the moment of its SIGTERM).
    client.stdin.write("go\n");
    const giveUp = Date.now() + 20_000;
    while (!fs.existsSync(flag)) {
      if (Date.now() > giveUp) throw new Error("the client did not connect and post within 20 s");
    }
    expect(pendingConnections(server)).toBe(COUNT);

    // The signal, at that very moment.
    const drained = drain.drain({ idleGraceMs: 200, deadlineMs: 20_000 });
    await exited;
    const results = JSON.parse(output.slice(output.indexOf("\n") + 1)) as Array<{
      body: string;
      answer?: string;
      error?: string;
    }>;
    expect(results).toHaveLength(COUNT);
    for (const result of results) {
      expect(result.error, result.body).toBeUndefined();
      expect(result.answer, result.body).toMatch(/^HTTP\/1\.1 200 /);
      // Told to close the connection: the proxy opens no further request on it.
      expect(result.answer, result.body).toMatch(/\r\nConnection: close\r\n/i);
      expect(result.answer, result.body).toMatch(new RegExp(`stored:${result.body}$`));
    }
    expect(await drained).toEqual({ cut: 0 });
    expect(server.listening).toBe(false);
    // Stopped listening: a new connection is refused (the proxy sends that request to another instance).
    const refused = await new Promise<string>((resolve) => {
      const request = http.get({ host: "127.0.0.1", port, path: "/", agent: false }, () => resolve("answered"));
      request.once("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? "error"));
    });
    expect(refused).toBe("ECONNREFUSED");
  });

  it("closes a connection whose answer ended after the signal only once it has been idle for the grace", async () => {
    const GRACE_MS = 1_500;
    let finishAnswer: (() => void) | null = null;
    // The server's own clock: when the answer was out in full, and when its connection closed.
    let answered = 0;
    let connectionClosed: Promise<number> | null = null;
    server = http.createServer((req, res) => {
      connectionClosed = new Promise((resolve) => req.socket.once("close", () => resolve(Date.now())));
      res.once("finish", () => (answered = Date.now()));
      // Headers out at once (kept alive: the signal has not come yet), the body ends later.
      res.writeHead(200, { "Content-Type": "text/plain" });
      res.write("begun ");
      finishAnswer = () => res.end("done");
    });
    const drain = new ConnectionDrain(server);
    const port = await listen(server);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const connection = new Promise<string | undefined>((resolve, reject) => {
      const request = http.get({ host: "127.0.0.1", port, path: "/", agent }, (response) => {
        response.resume();
        response.once("end", () => resolve(response.headers.connection));
      });
      request.once("error", reject);
    });
    // The answer's headers are out before the signal.
    await new Promise<void>((resolve) => {
      const check = () => (finishAnswer ? resolve() : setTimeout(check, 10));
      check();
    });

    const drained = drain.drain({ idleGraceMs: GRACE_MS, deadlineMs: 30_000 });
    // The answer ends after the server stopped listening: its connection is idle only from now on.
    await new Promise((resolve) => setTimeout(resolve, GRACE_MS / 2));
    finishAnswer!();
    expect(await connection).toBe("keep-alive");

    expect(await drained).toEqual({ cut: 0 });
    // Never before the connection's own idle time reached the grace.
    expect((await connectionClosed!) - answered).toBeGreaterThanOrEqual(GRACE_MS);
    agent.destroy();
  });
});
