// Forwarded headers only from the proxy, through the production server: X-Forwarded-* counts only on a
// connection whose peer is in TRUSTED_PROXY_ADDRESSES (with TRUST_PROXY_HOPS > 0); a client that reaches
// the instance directly is limited on its own address whatever it writes. HOST picks the listening address,
// a public one with TRUST_PROXY_HOPS > 0 is warned about, and a bad TRUSTED_PROXY_ADDRESSES stops the start.
import http from "node:http";
import net from "node:net";
import os from "node:os";

import { afterEach, describe, expect, it } from "vitest";

import { type ProductionServer, startServer } from "../support/production-server";

let server: ProductionServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

/** A lead post (missing required fields: 400 once the rate limit counted it, 429 past the limit) from `localAddress`. */
function contactPost(
  forwarded: Record<string, string>,
  localAddress = "127.0.0.1",
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  const body = new URLSearchParams({ nombre: "Ana" }).toString();
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: "127.0.0.1",
        port: server!.port,
        localAddress,
        path: "/?index",
        method: "POST",
        agent: false,
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Accept: "application/json",
          "Content-Length": String(Buffer.byteLength(body)),
          ...forwarded,
        },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

async function statuses(posts: Array<() => ReturnType<typeof contactPost>>): Promise<number[]> {
  const seen: number[] = [];
  for (const post of posts) seen.push((await post()).status);
  return seen;
}

/** Resolves true when a TCP connection to host:port is accepted, false when it is refused. */
function connects(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

const SIX_VISITORS = Array.from({ length: 6 }, (_, i) => `198.51.100.${i + 1}`);

describe("a client that reaches the instance directly", () => {
  it("is rate limited on its own address whatever X-Forwarded-For it sends (peer not a trusted proxy)", async () => {
    server = await startServer({ FORM_RATE_LIMIT: "3", TRUST_PROXY_HOPS: "1", TRUSTED_PROXY_ADDRESSES: "10.9.9.9" });
    const seen = await statuses(SIX_VISITORS.map((ip) => () => contactPost({ "X-Forwarded-For": ip })));
    expect(seen).toEqual([400, 400, 400, 429, 429, 429]);
  }, 60_000);

  it("cannot claim https or another host either", async () => {
    server = await startServer({ TRUST_PROXY_HOPS: "1", TRUSTED_PROXY_ADDRESSES: "10.9.9.9" });
    const forged = { "X-Forwarded-Proto": "https", "X-Forwarded-Host": "evil.example" };
    const page = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get({ host: "127.0.0.1", port: server!.port, path: "/", headers: forged, agent: false }, resolve)
        .on("error", reject),
    );
    page.resume();
    expect(page.headers["strict-transport-security"]).toBeUndefined();
    // A post whose Origin is the forged host is cross-site: the forged X-Forwarded-Host is not the request's host.
    const post = await contactPost({ ...forged, Origin: "https://evil.example" });
    expect(post.status).toBe(403);
  }, 60_000);
});

describe("behind a trusted proxy", () => {
  it("keys each visitor by the address the proxy forwarded, and a peer outside the list by its own", async () => {
    server = await startServer({ FORM_RATE_LIMIT: "3", TRUST_PROXY_HOPS: "1", TRUSTED_PROXY_ADDRESSES: "127.0.0.1" });
    // From the trusted 127.0.0.1: six visitors, six keys.
    expect(await statuses(SIX_VISITORS.map((ip) => () => contactPost({ "X-Forwarded-For": ip })))).toEqual(
      Array(6).fill(400),
    );
    // From 127.0.0.2 (loopback, but not in the list): one key, its own.
    expect(
      await statuses(
        SIX_VISITORS.map(
          (ip) => () => contactPost({ "X-Forwarded-For": `203.0.113.${ip.split(".")[3]}` }, "127.0.0.2"),
        ),
      ),
    ).toEqual([400, 400, 400, 429, 429, 429]);
  }, 60_000);

  it("reads a proxy's IP:port values as the IP, and ignores values that are no address", async () => {
    server = await startServer({ FORM_RATE_LIMIT: "3", TRUST_PROXY_HOPS: "1" });
    const ports = [5001, 5002, 5003, 5004];
    expect(
      await statuses(ports.map((port) => () => contactPost({ "X-Forwarded-For": `203.0.113.7:${port}` }))),
    ).toEqual([400, 400, 400, 429]);
    expect(
      await statuses(ports.map((port) => () => contactPost({ "X-Forwarded-For": `[2001:db8::7]:${port}` }))),
    ).toEqual([400, 400, 400, 429]);
    // Not addresses: each would be a fresh key if taken as written; they count as the proxy's own address.
    expect(
      await statuses(
        ["junk-1", "junk-2", "unknown", "_hidden"].map((value) => () => contactPost({ "X-Forwarded-For": value })),
      ),
    ).toEqual([400, 400, 400, 429]);
  }, 60_000);
});

/** A non-loopback IPv4 address of this machine, if it has one. */
function otherLocalAddress(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((entry) => entry && entry.family === "IPv4" && !entry.internal)?.address;
}

describe("HOST", () => {
  it("listens on that address only, and does not warn about forwarded headers there", async () => {
    server = await startServer({ HOST: "127.0.0.1", TRUST_PROXY_HOPS: "1" });
    expect(await connects("127.0.0.1", server.port)).toBe(true);
    expect(await connects("127.0.0.2", server.port)).toBe(false);
    const other = otherLocalAddress();
    if (other) expect(await connects(other, server.port)).toBe(false);
    expect(server.output()).toContain('"address":"127.0.0.1"');
    expect(server.output()).not.toMatch(/public address/);
  }, 60_000);

  it("unset, listens on every interface, and warns when forwarded headers are believed there", async () => {
    server = await startServer({ HOST: undefined, TRUST_PROXY_HOPS: "1" });
    expect(await connects("127.0.0.2", server.port)).toBe(true);
    expect(server.output()).toMatch(
      /"level":"warn","msg":"TRUST_PROXY_HOPS is set and the server listens on a public address/,
    );
  }, 60_000);
});

describe("a bad TRUSTED_PROXY_ADDRESSES", () => {
  it("stops the start with a message naming the entry", async () => {
    await expect(startServer({ TRUSTED_PROXY_ADDRESSES: "127.0.0.1, 10.0.0.300/8" })).rejects.toThrow(
      /TRUSTED_PROXY_ADDRESSES: \\?"10\.0\.0\.300\/8\\?" is not an IP address/,
    );
  }, 60_000);
});
