/**
 * Stand-in destinations for the built server (a child process, which msw cannot reach): one HTTP server on
 * 127.0.0.1 with the form service and the automation webhook as two paths. It records every request and
 * answers 200; or 500 for `failureRate` of them, or for all while `fail(true)`; the first `hang` requests
 * get no answer at all (recorded with status 0); answers wait `delayMs` (a [min, max] range) when set.
 * `maxRandomFailuresInARow` bounds the random failures one (key, destination) gets in a row: past it the
 * next request succeeds. Without it, a run of a test is a lottery: with a 30 % failure rate and the retry
 * schedule doubling from its base, one of 600 deliveries now and then fails 9–10 times running and its
 * last retry falls past any fixed time bound, although nothing was lost.
 */
import http from "node:http";

export interface DestinationRequest {
  destination: string;
  key: string;
  /** 0 for a request left hanging. */
  status: number;
  body: string;
}

export async function startDestinationServer({
  failureRate = 0,
  hang = 0,
  delayMs = [0, 0] as [number, number],
  maxRandomFailuresInARow = Infinity,
} = {}) {
  const received: DestinationRequest[] = [];
  const failuresInARow = new Map<string, number>();
  let failing = false;
  let hanging = hang;
  const server = http.createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const request = {
        destination: incoming.url ?? "",
        key: String(incoming.headers["idempotency-key"]),
        body: Buffer.concat(chunks).toString("utf8"),
      };
      if (hanging > 0) {
        hanging -= 1;
        received.push({ ...request, status: 0 });
        return;
      }
      const streakKey = `${request.key} ${request.destination}`;
      const streak = failuresInARow.get(streakKey) ?? 0;
      const randomFailure = streak < maxRandomFailuresInARow && Math.random() < failureRate;
      failuresInARow.set(streakKey, randomFailure ? streak + 1 : 0);
      const status = failing || randomFailure ? 500 : 200;
      const answer = () => {
        received.push({ ...request, status });
        response.writeHead(status, { "Content-Type": "application/json" }).end("{}");
      };
      const [min, max] = delayMs;
      if (max > 0) setTimeout(answer, min + Math.random() * (max - min));
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  const delivered = () =>
    new Set(received.filter((item) => item.status === 200).map((item) => `${item.key} ${item.destination}`));
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
    /** Successful deliveries as `${id} ${destination path}`. */
    delivered,
    /** True once the submission reached both destinations. */
    deliveredToBoth(id: string): boolean {
      const done = delivered();
      return done.has(`${id} /form-service`) && done.has(`${id} /automation`);
    },
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
