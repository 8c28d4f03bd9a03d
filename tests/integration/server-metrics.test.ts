// /metrics on the production server: without METRICS_TOKEN the path is answered like any unknown one
// (the site's 404 page); with it, 401 without the right bearer token and the Prometheus text format with
// it, never from the page cache. Request durations are labelled by route pattern: pages answered from
// the page cache count too, and a hundred made-up paths add no series.
import { randomUUID } from "node:crypto";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { seriesOf } from "../support/metrics";
import { type ProductionServer, request, startServer } from "../support/production-server";

const TOKEN = "metrics-token-for-the-server-test";

describe("without METRICS_TOKEN", () => {
  let server: ProductionServer;
  beforeAll(async () => {
    server = await startServer({ METRICS_TOKEN: undefined });
  }, 60_000);
  afterAll(() => server?.stop());

  it("answers /metrics exactly like an unknown path: the 404 page, whatever the Authorization", async () => {
    const unknown = await request(`${server.baseUrl}/no-such-page-${randomUUID()}`);
    for (const headers of [{}, { Authorization: `Bearer ${TOKEN}` }] as Record<string, string>[]) {
      const response = await request(`${server.baseUrl}/metrics`, { headers });
      expect(response.status).toBe(404);
      expect(response.headers["content-type"]).toBe(unknown.headers["content-type"]);
      const body = response.body.toString("utf8");
      expect(body).toContain("Oops! Page not found");
      expect(body).not.toContain("leads_received_total");
    }
    expect(server.output()).toMatch(/"path":"\/metrics"/);
  });
});

describe("with METRICS_TOKEN", () => {
  let server: ProductionServer;
  beforeAll(async () => {
    server = await startServer({ METRICS_TOKEN: TOKEN });
  }, 60_000);
  afterAll(() => server?.stop());

  const scrape = async () => {
    const response = await request(`${server.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    return response.body.toString("utf8");
  };
  const durationSeries = (text: string) =>
    seriesOf(text).filter((series) => series.startsWith("http_request_duration_seconds_count"));

  it("answers 401 and no metrics without the token or with another one", async () => {
    for (const headers of [{}, { Authorization: `Bearer wrong-${TOKEN}` }, { Authorization: TOKEN }] as Record<
      string,
      string
    >[]) {
      const response = await request(`${server.baseUrl}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.body.toString("utf8")).not.toMatch(/leads_|process_|http_request/);
    }
  });

  it("answers the Prometheus text format, never cached", async () => {
    for (let index = 0; index < 2; index += 1) {
      const response = await request(`${server.baseUrl}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      expect(response.status).toBe(200);
      expect(response.headers["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
      expect(response.headers["cache-control"]).toContain("no-store");
      expect(response.headers["x-cache"]).not.toBe("HIT");
      const text = response.body.toString("utf8");
      expect(text).toContain('leads_received_total{form="campaign"} 0');
      expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    }
  });

  it("times every answer by route pattern, page-cache hits included, and counts the cache", async () => {
    const hits = (text: string) => Number(/^page_cache_requests_total\{result="hit"\} (\d+)/m.exec(text)?.[1]);
    const count = (text: string, series: string) =>
      Number(
        text
          .split("\n")
          .find((line) => line.startsWith(`${series} `))
          ?.split(" ")[1] ?? 0,
      );
    const before = await scrape();
    for (let index = 0; index < 3; index += 1) expect((await request(`${server.baseUrl}/`)).status).toBe(200);
    expect((await request(`${server.baseUrl}/sectores/construccion`)).status).toBe(200);
    expect((await request(`${server.baseUrl}/sectores/no-existe-${randomUUID()}`)).status).toBe(404);
    const health = await request(`${server.baseUrl}/healthz`);
    expect(JSON.parse(health.body.toString("utf8"))).toMatchObject({ oldestPendingSeconds: 0 });
    const after = await scrape();
    expect(hits(after)).toBeGreaterThanOrEqual(hits(before) + 2);
    const root = 'http_request_duration_seconds_count{route="/",method="GET",status="200"}';
    expect(count(after, root)).toBe(count(before, root) + 3);
    expect(after).toContain('route="/sectores/:slug",method="GET",status="200"');
    expect(after).toContain('route="/sectores/:slug",method="GET",status="404"');
    expect(after).toContain('route="/healthz",method="GET",status="200"');
    expect(after).toContain('route="/metrics",method="GET",status="200"');
  });

  it("labels made-up paths `unknown`: a hundred of them add no series", async () => {
    expect((await request(`${server.baseUrl}/first-unknown-${randomUUID()}`)).status).toBe(404);
    const post = await request(`${server.baseUrl}/another-${randomUUID()}`, { method: "POST", body: "" });
    expect(post.status).toBeGreaterThanOrEqual(400);
    const before = durationSeries(await scrape());
    for (let index = 0; index < 100; index += 1) {
      const path = `/${randomUUID()}/${index}?q=${randomUUID()}`;
      expect((await request(`${server.baseUrl}${path}`)).status).toBe(404);
    }
    await request(`${server.baseUrl}/another-${randomUUID()}`, { method: "POST", body: "" });
    const text = await scrape();
    const after = durationSeries(text).filter((series) => !series.includes('route="/metrics"'));
    expect(after).toEqual(before.filter((series) => !series.includes('route="/metrics"')));
    expect(after).toContain('http_request_duration_seconds_count{route="unknown",method="GET",status="404"}');
    for (const line of seriesOf(text)) expect(line).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });
});
