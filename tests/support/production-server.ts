/** The built production server (build/server.js) in a child process on a free 127.0.0.1 port, and raw HTTP. */
import http from "node:http";
import { urlToHttpOptions } from "node:url";

import { inject } from "vitest";

import { startProductionServer } from "../../scripts/lib/build.mjs";

export type ProductionServer = Awaited<ReturnType<typeof startProductionServer>>;

/** Fails the calling test when tests/global-setup.ts could not build the site. */
export function requireBuild(): void {
  const buildError = inject("buildError");
  if (buildError) throw new Error(`npm run build failed, so the production server cannot be tested:\n${buildError}`);
}

/** Starts build/server.js (built by tests/global-setup.ts) with extra environment variables. */
export function startServer(env: Record<string, string | undefined> = {}): Promise<ProductionServer> {
  requireBuild();
  return startProductionServer({ env });
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body exactly as sent (still compressed when Content-Encoding says so). */
  body: Buffer;
}

/**
 * One HTTP request without any client-side decoding or caching. `target` is a URL, or a port and a
 * request target sent exactly as written on 127.0.0.1 (a URL string would have its dot segments resolved).
 */
export function request(
  target: string | { port: number; path: string },
  { method = "GET", headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const where = typeof target === "string" ? urlToHttpOptions(new URL(target)) : { hostname: "127.0.0.1", ...target };
  return new Promise((resolve, reject) => {
    const outgoing = http.request({ ...where, method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}
