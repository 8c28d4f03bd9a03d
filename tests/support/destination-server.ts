/**
 * Stand-in destinations for the built server (a child process, which msw cannot reach): one HTTP server on
 * 127.0.0.1 with the form service and the automation webhook as two paths. It answers 200, or 500 while
 * `failing` is set, and records every request.
 */
import http from "node:http";

export interface DestinationRequest {
  destination: "/form-service" | "/automation";
  key: string;
  status: number;
  body: string;
}

export async function startDestinationServer() {
  const received: DestinationRequest[] = [];
  let failing = false;
  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const status = failing ? 500 : 200;
      received.push({
        destination: incoming.url as DestinationRequest["destination"],
        key: String(incoming.headers["idempotency-key"]),
        status,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      response.writeHead(status, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    received,
    env: {
      FORM_SERVICE_URL: `http://127.0.0.1:${port}/form-service`,
      AUTOMATION_WEBHOOK_URL: `http://127.0.0.1:${port}/automation`,
    },
    /** While true, every request gets a 500. */
    fail(value: boolean) {
      failing = value;
    },
    /** Ids delivered (200) to both destinations. */
    deliveredToBoth(id: string): boolean {
      const to = (destination: string) =>
        received.some((item) => item.key === id && item.destination === destination && item.status === 200);
      return to("/form-service") && to("/automation");
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
