// The gauges an operator scrapes that are read at scrape time from the module that knows the figure: each shows what
// its latest source answers now, whoever registered it first (a module created again, as the content source is after
// a reset, gives a new source). In the integration project, one process per file: the latest source is process-wide,
// and in the unit project's shared process a content source left starting by another file could give its own.
import { watchRememberedQueries, watchSharedCachePurgeBacklog } from "~/metrics/metrics.server";

import { metricValue } from "../support/metrics";

describe("gauges read at scrape time", () => {
  it("shared_cache_purge_undelivered_seconds and content_remembered_queries follow their latest source", async () => {
    let age = 12;
    watchSharedCachePurgeBacklog(() => age);
    watchRememberedQueries(() => 40);
    expect(await metricValue("shared_cache_purge_undelivered_seconds")).toBe(12);
    expect(await metricValue("content_remembered_queries")).toBe(40);
    age = 0;
    expect(await metricValue("shared_cache_purge_undelivered_seconds")).toBe(0);
    watchRememberedQueries(() => 41);
    expect(await metricValue("content_remembered_queries")).toBe(41);
  });
});
