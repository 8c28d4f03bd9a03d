/**
 * Connection handling that a reverse proxy in front never notices, at run time and at shutdown
 * (docs/production-server.md 'Deploy').
 *
 * - Idle keep-alive connections live longer than common proxies keep theirs (the shipped nginx 1 s, cloud
 *   load balancers 60 s), so the proxy, not the server, closes an idle connection: a server
 *   that closes one first can race the proxy reusing it for the next request, which then fails.
 * - Draining (SIGTERM): every answer from then on carries `Connection: close` and requests already
 *   begun are answered. New connections are still taken for `listenMs` (SHUTDOWN_DELAY_MS, 0 by default),
 *   the time for a load balancer watching /healthz (503 now) to take this one out. Then the
 *   server stops listening (a proxy's new connection is refused before anything is sent, so it tries
 *   the other instance and stops choosing this one). Long-lived answers of our own (the preview event
 *   stream) follow `signal` and end cleanly.
 * - A proxy that does not resend a POST it has sent (nginx without `non_idempotent`, most load balancers)
 *   answers 502 when the connection is reset under it, and the lead is lost. The shipped nginx and Varnish
 *   resend it with its X-Request-Id (docs/decisions/0024-a-resent-post-is-one-lead.md); for any proxy, the
 *   server avoids closing a socket the proxy may have written a request into:
 *   - Closing a listening socket resets every connection the kernel completed but the server has not yet
 *     accepted (a busy event loop leaves some in the accept queue), and the proxy has already sent its
 *     request on each. So the listener is closed at a moment the kernel holds none for it
 *     (`pendingConnections`, read from /proc on Linux), waited for `listenCloseMs` at most: under load,
 *     with a new connection for every request (each answer says `Connection: close`), that moment may not
 *     come, and what is queued then is reset.
 *   - A kept-alive connection is closed only after it has sat idle for the whole grace since its last
 *     answer, longer than the proxy keeps an idle upstream connection (nginx's `keepalive_timeout` in
 *     deploy/nginx/leads-site.conf and Varnish's `backend_idle_timeout`: 1 s), so the proxy has closed it
 *     first: closing it while the proxy writes a request into it resets it.
 */
import fs from "node:fs";
import type http from "node:http";
import net from "node:net";

/** KEEP_ALIVE_TIMEOUT_MS: how long an idle keep-alive connection is kept (default 65 s, above proxies' 60 s). */
export function keepAliveTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.KEEP_ALIVE_TIMEOUT_MS?.trim() || 65_000);
  return Number.isFinite(value) && value >= 1_000 ? Math.min(Math.round(value), 3_600_000) : 65_000;
}

/** Sets the server's idle keep-alive time-out and the header time-outs that must stay above it. */
export function applyKeepAlive(server: http.Server, keepAliveMs = keepAliveTimeoutMs()): void {
  server.keepAliveTimeout = keepAliveMs;
  server.headersTimeout = keepAliveMs + 1_000;
  // Node refuses a request time-out below the headers time-out.
  if (server.requestTimeout > 0 && server.requestTimeout <= server.headersTimeout)
    server.requestTimeout = server.headersTimeout + 1_000;
}

interface Tracked {
  /** Requests of this connection not yet answered in full. */
  active: number;
  /** When it last had nothing to answer (opened, or its last answer finished): the grace counts from here. */
  idleSince: number;
}

/** TCP states in /proc/net/tcp: a handshake under way (the listener's SYN queue) and a listening socket. */
const SYN_RECV = "03";
const LISTEN = "0A";

/**
 * The connections the kernel holds for a listening server that it has not accepted yet: completed ones in
 * the accept queue and handshakes under way. Closing the listener would reset each of them. Read from
 * /proc/net/tcp and tcp6 (Linux): the listener's line, found by its socket's inode, gives the accept
 * queue; lines in SYN_RECV on its port give the handshakes. null where that cannot be read (another
 * system, no /proc): the caller then closes at once, as before.
 */
export function pendingConnections(server: net.Server): number | null {
  try {
    const fd = (server as unknown as { _handle?: { fd?: number } | null })._handle?.fd;
    const address = server.address();
    if (typeof fd !== "number" || fd < 0 || !address || typeof address === "string") return null;
    const inode = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/self/fd/${fd}`))?.[1];
    if (!inode) return null;
    const port = address.port.toString(16).toUpperCase().padStart(4, "0");
    let found = false;
    let pending = 0;
    for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
      let text: string;
      try {
        text = fs.readFileSync(file, "latin1");
      } catch {
        continue;
      }
      for (const line of text.split("\n").slice(1)) {
        // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode
        const fields = line.trim().split(/\s+/);
        if (fields.length < 10) continue;
        const [, local, , state, queues, , , , , lineInode] = fields;
        if (state === LISTEN && lineInode === inode) {
          found = true;
          // For a listening socket, rx_queue is the accept queue's length.
          pending += Number.parseInt(queues.split(":")[1] ?? "0", 16) || 0;
        } else if (state === SYN_RECV && local.endsWith(`:${port}`)) pending += 1;
      }
    }
    return found ? pending : null;
  } catch {
    return null;
  }
}

/** SHUTDOWN_DELAY_MS: how long a draining server still takes new connections (default 0: none). */
export function shutdownDelayMs(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.SHUTDOWN_DELAY_MS?.trim() || 0);
  return Number.isFinite(value) && value >= 0 ? Math.min(Math.round(value), 60_000) : 0;
}

export interface DrainOptions {
  /** How long new connections are still taken after draining starts (default 0). */
  listenMs?: number;
  /** How long a connection must have sat idle (since it opened or its last answer) before it is closed (default 2 s). */
  idleGraceMs?: number;
  /** How long the server waits, once it should stop listening, for a moment with no connection pending in the kernel (default 1 s). */
  listenCloseMs?: number;
  /** Requests still unanswered this long after draining starts are cut (default 5 s). */
  deadlineMs?: number;
}

export class ConnectionDrain {
  private readonly sockets = new Map<net.Socket, Tracked>();
  private readonly pending = new Set<http.ServerResponse>();
  private readonly controller = new AbortController();

  constructor(private readonly server: http.Server) {
    server.on("connection", (socket: net.Socket) => {
      this.sockets.set(socket, { active: 0, idleSince: Date.now() });
      socket.once("close", () => this.sockets.delete(socket));
    });
    // Registered before the request listener runs: the count is right whatever the listener does.
    server.prependListener("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
      const tracked = this.sockets.get(req.socket);
      if (tracked) tracked.active += 1;
      this.pending.add(res);
      if (this.draining) res.shouldKeepAlive = false;
      let done = false;
      const finished = () => {
        if (done) return;
        done = true;
        this.pending.delete(res);
        if (tracked) {
          tracked.active -= 1;
          tracked.idleSince = Date.now();
        }
      };
      res.once("finish", finished);
      res.once("close", finished);
    });
  }

  /** True from the start of draining on. */
  get draining(): boolean {
    return this.controller.signal.aborted;
  }

  /** Aborted when draining starts: long-lived answers end on it. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Connections still open (tests and logs). */
  get connections(): number {
    return this.sockets.size;
  }

  /**
   * Stops listening and closes every connection once it has nothing left to answer (see the module
   * comment); resolves once none is open, at `deadlineMs` at the latest (what is left is cut then).
   */
  async drain({
    listenMs = 0,
    idleGraceMs = 2_000,
    listenCloseMs = 1_000,
    deadlineMs = 5_000,
  }: DrainOptions = {}): Promise<{ cut: number }> {
    const started = Date.now();
    if (!this.draining) this.controller.abort();
    for (const res of this.pending) if (!res.headersSent) res.shouldKeepAlive = false;
    if (listenMs > 0) await new Promise((resolve) => setTimeout(resolve, listenMs));
    await this.stopListening(Date.now() + listenCloseMs);
    for (;;) {
      const now = Date.now();
      for (const [socket, tracked] of this.sockets)
        if (tracked.active === 0 && now - tracked.idleSince >= idleGraceMs) socket.destroy();
      if (this.sockets.size === 0) return { cut: 0 };
      if (now - started >= deadlineMs) {
        const cut = this.sockets.size;
        for (const socket of this.sockets.keys()) socket.destroy();
        return { cut };
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /**
   * Closes the listening socket at a moment the kernel holds no connection for it that the server has not
   * accepted: between two looks the event loop accepts what arrived (one turn each). At `until` it closes
   * whatever is pending (a proxy that keeps connecting that fast is answered meanwhile, and told to close).
   */
  private async stopListening(until: number): Promise<void> {
    while (this.server.listening) {
      const pending = pendingConnections(this.server);
      if (!pending || Date.now() >= until) {
        // net.Server's close, not http.Server's: the latter also closes idle connections at once, the race
        // this module avoids.
        net.Server.prototype.close.call(this.server);
        return;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
