// Starts one throwaway PostgreSQL server for the run (tests/support/postgres.ts) where Debian's
// `postgresql` package is installed; its tests read the address through inject("postgresUrl") and create
// their own databases. Where it is not installed, those tests are skipped and this says why, once.
import type { TestProject } from "vitest/node";

import { postgresBinDir, startPostgres, type ThrowawayPostgres } from "./support/postgres";

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string | null;
  }
}

let server: ThrowawayPostgres | null = null;

export default async function setup(project: TestProject) {
  if (!postgresBinDir()) {
    console.log(
      "PostgreSQL tests skipped: no server under /usr/lib/postgresql (apt-get install postgresql; .ci/run does)",
    );
    project.provide("postgresUrl", null);
    return;
  }
  server = await startPostgres();
  project.provide("postgresUrl", server.url());
  return () => server?.remove();
}
