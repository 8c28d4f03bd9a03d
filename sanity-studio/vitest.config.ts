/** Studio tests (schema, seed dataset): a project of the root vitest config, runnable on its own too. */
import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "studio",
    root: import.meta.dirname,
    include: ["tests/**/*.test.ts"],
    environment: "node",
    // Compiling the schema and validating the whole seed takes a few seconds on a 2-core machine.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
