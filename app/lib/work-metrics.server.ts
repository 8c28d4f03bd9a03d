/**
 * Counters of the expensive work a request can start (a public file's brotli 11 pass, a sharp rendition),
 * so a flood of aliases shows up in /metrics and tests can check that it did no new work. Kept in
 * prom-client's default registry (served with the others, app/metrics/metrics.server.ts) and looked up there
 * first; one set per process (app/lib/singleton.server.ts).
 */
import client from "prom-client";

import { singleton } from "./singleton.server";

type Store = Map<string, client.Counter | client.Gauge>;

function metric<T extends client.Counter | client.Gauge>(name: string, make: () => T): T {
  const store = singleton("workMetrics", (): Store => new Map());
  let found = store.get(name) as T | undefined;
  if (!found) store.set(name, (found = (client.register.getSingleMetric(name) as T | undefined) ?? make()));
  return found;
}

const counter = (name: string, help: string) =>
  metric(name, () => new client.Counter({ name, help, registers: [client.register] }));
const gauge = (name: string, help: string) =>
  metric(name, () => new client.Gauge({ name, help, registers: [client.register] }));

/** One public file read and compressed into memory (once per file while it stays in the cache). */
export function countStaticFileCompression(): void {
  counter("static_file_compressions_total", "Public files read and compressed (brotli 11 + gzip 9) into memory.").inc();
}

/** One image rendition drawn by sharp (a repeat is read from the disk cache and not counted). */
export function countImageRender(): void {
  counter("image_renders_total", "Image renditions drawn by sharp.").inc();
}

/** Renditions being drawn or waiting for a turn right now. */
export function imageRendersWaiting(delta: number): void {
  gauge("image_renders_queued", "Image renditions drawn or waiting for a turn right now.").inc(delta);
}
