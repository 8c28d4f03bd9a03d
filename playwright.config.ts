import os from "node:os";

import { defineConfig } from "@playwright/test";

import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./scripts/lib/chromium.mjs";

// scripts/e2e.mjs builds the site, starts it and a fake delivery receiver, and passes their addresses.
const baseURL = process.env.E2E_BASE_URL ?? "http://127.0.0.1:3000";

export default defineConfig({
  testDir: "tests/e2e",
  // One worker per core, each taking whole files (the tests of a file run in order, in one browser, as
  // they always have). Files share only what tells their data apart: the main server (a form rate limit
  // of 1,000 set by scripts/e2e.mjs, cached pages, leads with a unique address per test) and the delivery
  // receiver (read back by that address). A spec that needs its own state (a dataset it edits, tracking
  // ids, experiment counts) starts its own server with its own DATA_DIR and dataset copy.
  fullyParallel: false,
  workers: os.availableParallelism(),
  retries: 0,
  // A test's budget covers a fixed amount of work: a test whose work grows with a count gets one test per item
  // (a page each) or adds a budget per unit (budgetMore in tests/support/page-checks.ts). An expectation waits for
  // its condition; its deadline only ends a wait for something that never comes, so it is generous (a loaded 2-core
  // host takes seconds to hydrate a page or load Sanity's overlay) and costs nothing when the condition holds.
  timeout: 60_000,
  expect: { timeout: 30_000 },
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL,
    locale: "es-ES",
    timezoneId: "Europe/Madrid",
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // A failed test keeps a picture of its page beside its error context (a rare failure is read from that).
    screenshot: "only-on-failure",
  },
  // Every test runs at a phone's width and at a desktop's, but a test tagged "@any-width" runs in the phone project
  // only: what it proves cannot change with the viewport (head tags, structured data, a delivery, a cookie, a
  // viewport the test sets itself), so a second run would prove the same thing again (docs/testing.md). Chosen here,
  // by the projects, rather than skipped inside a test: the desktop run does not list it at all.
  projects: [
    { name: "phone", use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
    { name: "desktop", use: { viewport: { width: 1280, height: 800 } }, grepInvert: /@any-width/ },
  ],
});
