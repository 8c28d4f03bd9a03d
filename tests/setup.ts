// Every test runs against the shipped seed dataset unless it says otherwise, and never leaves 127.0.0.1.
// Leads go to the embedded store (the spool) unless a test names a database itself.
import path from "node:path";

process.env.CONTENT_DATASET_FILE ??= path.resolve(
  import.meta.dirname,
  "..",
  "sanity-studio",
  "seed",
  "production.ndjson",
);
delete process.env.SANITY_PROJECT_ID;
delete process.env.FORM_SERVICE_URL;
delete process.env.AUTOMATION_WEBHOOK_URL;
delete process.env.DATABASE_URL;
