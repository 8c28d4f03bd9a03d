// Builds the site once before the tests when build/ is missing or older than the sources, so the
// production-server tests (tests/integration/server-*) run against the current code. A failed build
// fails those tests (they read it through inject("buildError")) without stopping every other test.
import type { TestProject } from "vitest/node";

import { ensureBuild } from "../scripts/lib/build.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    buildError: string | null;
  }
}

export default function setup(project: TestProject) {
  try {
    if (ensureBuild({ stdio: "pipe" })) console.log("global setup: built the site (build/ was older than the sources)");
    project.provide("buildError", null);
  } catch (error) {
    const { stdout, stderr, message } = error as { stdout?: Buffer; stderr?: Buffer; message: string };
    project.provide(
      "buildError",
      [message, stdout?.toString(), stderr?.toString()].filter(Boolean).join("\n").slice(-4000),
    );
  }
}
