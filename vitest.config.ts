import path from "node:path";

import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "app",
          include: ["tests/unit/**/*.test.{ts,tsx}", "tests/integration/**/*.test.{ts,tsx}"],
          environment: "node",
          globals: true,
          setupFiles: ["tests/setup.ts"],
          // The production-server tests (tests/integration/server-*) need build/: built here when stale.
          // The PostgreSQL tests get a throwaway server where the package is installed.
          globalSetup: ["tests/global-setup.ts", "tests/postgres-setup.ts"],
          // Integration tests share one process-wide content source and spool directory per file.
          pool: "forks",
        },
      },
      "sanity-studio/vitest.config.{ts,mts}",
    ],
  },
});
