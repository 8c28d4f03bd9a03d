/**
 * Project id and dataset, from SANITY_STUDIO_PROJECT_ID / SANITY_STUDIO_DATASET (written out in
 * full so the Studio bundler can inline them). The defaults are harmless placeholders so
 * `sanity build`, schema extraction and the tests work offline.
 */
export const projectId = process.env.SANITY_STUDIO_PROJECT_ID || "placeholder";
export const dataset = process.env.SANITY_STUDIO_DATASET || "production";
