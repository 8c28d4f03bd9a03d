import path from "node:path";

import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

export default defineConfig({
  resolve: { alias },
  test: {
    // One worker per core: vitest's default is one fewer (a single worker on a 2-core CI machine). The tests
    // spend much of their time waiting on child servers, PostgreSQL and sockets, so the cores stay busy.
    maxWorkers: "100%",
    projects: [
      {
        resolve: { alias },
        test: {
          // Pure modules, tested in memory: no build, no database, no process-wide state a file leaves behind
          // (a test that sets process.env restores it). Run in one process without a fresh module graph per
          // file: half the time of isolated files.
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
          globals: true,
          setupFiles: ["tests/setup.ts"],
          // Some tests compute for seconds (the A/B stopping rule's seeded simulations, property runs): vitest's
          // default 5 s is a verdict on the host's speed (one failed under Node 24 beside the browser tests).
          // A budget only ends a test that never finishes (docs/testing.md), as the Studio project's 60 s does.
          testTimeout: 60_000,
          pool: "forks",
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.{ts,tsx}"],
          environment: "node",
          globals: true,
          setupFiles: ["tests/setup.ts"],
          // The production-server tests (tests/integration/server-*) need build/: built here when stale.
          // The PostgreSQL tests get a throwaway server where the package is installed; every file creates
          // its own databases on it (tests/support/postgres.ts), so files running side by side share none.
          globalSetup: ["tests/global-setup.ts", "tests/postgres-setup.ts"],
          // A test here talks to servers, sockets and PostgreSQL: vitest's default 5 s covers that work on an idle
          // machine but not on a loaded one (docs/testing.md). Waits inside a test are for conditions; bounds that
          // are the product's promise are measured from their event, whatever this budget.
          testTimeout: 30_000,
          // Integration tests share one process-wide content source and spool directory per file: each file
          // in a fresh process.
          pool: "forks",
          isolate: true,
        },
      },
      "sanity-studio/vitest.config.{ts,mts}",
    ],
  },
});
