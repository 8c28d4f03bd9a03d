// server/request-body.ts on a real node:http server: a body is read whole, a reader that stops early
// still gets its answer to the client, and a client that leaves mid-upload fails the read (a cut-off form
// is never read as a complete, shorter one).
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";

import { afterEach, describe, expect, it } from "vitest";

import { requestBodyStream } from "../../server/request-body";
import { uploadUntilAnswered } from "../support/raw-upload";

let server: http.Server | null = null;
afterEach(async () => {
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  server = null;
});

/** A server whose every request is handled by `handler`; resolves with its port. */
async function serve(handler: http.RequestListener): Promise<number> {
  server = http.createServer(handler);
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server!.address() as AddressInfo).port;
}

/** A server that reads one chunk of a body, stops reading and answers 413 (a body past its limit). */
function serveTooLargeAfterOneChunk(): Promise<number> {
  return serve(async (req, res) => {
    const reader = requestBodyStream(req, res).getReader();
    await reader.read();
    await reader.cancel();
    res.statusCode = 413;
    res.end("Demasiado grande");
  });
}

describe("requestBodyStream", () => {
  it("reads a large body whole, in order", async () => {
    const port = await serve(async (req, res) => {
      const text = await new Response(requestBodyStream(req, res)).text();
      res.end(`${text.length}:${text.slice(-5)}`);
    });
    const body = `${"a".repeat(3_000_000)}fin!!`;
    const response = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body });
    expect(await response.text()).toBe(`${body.length}:fin!!`);
  });

  it("lets the answer reach the client when the reader stops early, and closes the connection after it", async () => {
    const port = await serveTooLargeAfterOneChunk();
    const response = await fetch(`http://127.0.0.1:${port}/`, { method: "POST", body: "a".repeat(5_000_000) });
    expect(response.status).toBe(413);
    expect(response.headers.get("connection")).toBe("close");
    expect(await response.text()).toBe("Demasiado grande");
  });

  it("keeps reading (and dropping) an upload after answering it, so the client reads the answer: no reset", async () => {
    const port = await serveTooLargeAfterOneChunk();
    // The client goes on sending 4 MiB after the answer arrived, then ends its body: a server that closed
    // with the upload unread would reset the connection (EPIPE or ECONNRESET here).
    const outcome = await uploadUntilAnswered({ port, path: "/" }, { megabytes: 64, afterAnswer: 4 * 1024 * 1024 });
    expect(outcome).toMatchObject({ status: 413, writeError: null, closedBy: "server" });
    expect(outcome.head).toMatch(/^connection: close$/im);
  });

  it("fails the read when the client leaves before the body ends", async () => {
    let outcome!: Promise<string>;
    const handled = new Promise<void>((resolve) => {
      void serve((req, res) => {
        outcome = new Response(requestBodyStream(req, res))
          .text()
          .then((text) => `read ${JSON.stringify(text)}`)
          .catch(() => "failed");
        resolve();
      }).then((port) => {
        const socket = net.connect(port, "127.0.0.1", () => {
          socket.write(
            "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
              "Content-Length: 200\r\n\r\nnombre=Ana&mensaje=Quiero%20informaci",
          );
          setTimeout(() => socket.destroy(), 100);
        });
      });
    });
    await handled;
    expect(await outcome).toBe("failed");
  });
});
