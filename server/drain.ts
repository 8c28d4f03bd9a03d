/**
 * Connection handling that a reverse proxy in front never notices, at run time and at shutdown
 * (docs/production-server.md 'Deploy').
 *
 * - Idle keep-alive connections live longer than common proxies keep theirs (nginx's upstream keep-alive
 *   and cloud load balancers: 60 s), so the proxy, not the server, closes an idle connection: a server
 *   that closes one first can race the proxy reusing it for the next request, which then fails.
 * - Draining (SIGTERM): every answer from then on carries `Connection: close` and requests already
 *   begun are answered. New connections are still taken for `listenMs` (SHUTDOWN_DELAY_MS, 0 by default),
 *   the time for a load balancer watching /healthz (503 now) to take this one out. Then the
 *   server stops listening (a proxy's new connection is refused before anything is sent, so it tries
 *   the other instance and stops choosing this one), and a connection that sits idle is closed only
 *   after a grace in which the proxy has either used it (and been told to close it) or stopped choosing
 *   this instance. Long-lived answers of our own (the preview event stream) follow `signal` and end
 *   cleanly.
 */
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
}

/** SHUTDOWN_DELAY_MS: how long a draining server still takes new connections (default 0: none). */
export function shutdownDelayMs(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.SHUTDOWN_DELAY_MS?.trim() || 0);
  return Number.isFinite(value) && value >= 0 ? Math.min(Math.round(value), 60_000) : 0;
}

export interface DrainOptions {
  /** How long new connections are still taken after draining starts (default 0). */
  listenMs?: number;
  /** How long an idle connection is kept after the server stopped listening (default 2 s). */
  idleGraceMs?: number;
  /** Requests still unanswered this long after draining starts are cut (default 5 s). */
  deadlineMs?: number;
}

export class ConnectionDrain {
  private readonly sockets = new Map<net.Socket, Tracked>();
  private readonly pending = new Set<http.ServerResponse>();
  private readonly controller = new AbortController();

  constructor(private readonly server: http.Server) {
    server.on("connection", (socket: net.Socket) => {
      this.sockets.set(socket, { active: 0 });
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
        if (tracked) tracked.active -= 1;
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
  async drain({ listenMs = 0, idleGraceMs = 2_000, deadlineMs = 5_000 }: DrainOptions = {}): Promise<{ cut: number }> {
    const started = Date.now();
    if (!this.draining) this.controller.abort();
    for (const res of this.pending) if (!res.headersSent) res.shouldKeepAlive = false;
    if (listenMs > 0) await new Promise((resolve) => setTimeout(resolve, listenMs));
    // net.Server's close, not http.Server's: the latter also closes idle connections at once, the race
    // this module avoids.
    if (this.server.listening) net.Server.prototype.close.call(this.server);
    const closed = Date.now();
    for (;;) {
      const elapsed = Date.now() - started;
      if (Date.now() - closed >= idleGraceMs) {
        for (const [socket, tracked] of this.sockets) if (tracked.active === 0) socket.destroy();
      }
      if (this.sockets.size === 0) return { cut: 0 };
      if (elapsed >= deadlineMs) {
        const cut = this.sockets.size;
        for (const socket of this.sockets.keys()) socket.destroy();
        return { cut };
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
