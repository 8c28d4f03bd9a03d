/**
 * Sanity CLI settings: which project/dataset `sanity dev|build|dataset import` talk to, and how
 * TypeGen writes the app's query result types. The defaults let everything run offline.
 */
import { defineCliConfig } from "sanity/cli";
import { dataset, projectId } from "./env";

export default defineCliConfig({
  api: { projectId, dataset },
  deployment: { autoUpdates: false },
  schemaExtraction: { path: "./schema.json", enforceRequiredFields: true },
  typegen: {
    // TypeGen reads the app's `defineQuery` calls; the app itself never imports `sanity`.
    path: "../app/**/*.{ts,tsx}",
    schema: "./schema.json",
    // scripts/check-typegen.mjs points this elsewhere to compare a fresh result with the committed one.
    generates: process.env.SANITY_TYPEGEN_OUT || "../app/content/sanity.types.ts",
    overloadClientMethods: true,
  },
});
