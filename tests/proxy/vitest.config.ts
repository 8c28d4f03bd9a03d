// `npm run test:proxy` (CI runs it): the production path through Debian's nginx with the shipped deploy
// files (deploy/), on a throwaway PostgreSQL, and through Debian's Varnish with deploy/varnish/. Apart
// from `npm test` because it needs nginx and Varnish installed (`apt-get install nginx-light varnish
// varnish-modules`; .ci/run does) and restarts instances under load.
import path from "node:path";

import { defineConfig } from "vitest/config";

export default defineConfig({
  // The Content Lake stand-in (tests/support/sanity-http-stand-in.ts) runs the app's own GROQ code.
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "..", "..", "app") } },
  test: {
    name: "proxy",
    include: ["tests/proxy/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});
