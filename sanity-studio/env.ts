/**
 * Project id and dataset, from SANITY_STUDIO_PROJECT_ID / SANITY_STUDIO_DATASET (written out in
 * full so the Studio bundler can inline them). The defaults are harmless placeholders so
 * `sanity build`, schema extraction and the tests work offline.
 */
export const projectId = process.env.SANITY_STUDIO_PROJECT_ID || "placeholder";
export const dataset = process.env.SANITY_STUDIO_DATASET || "production";
/**
 * The site's public origin (SANITY_STUDIO_PREVIEW_ORIGIN): what Presentation frames and what the
 * address fields show in front of a page's path. Public by nature, so it may sit in the bundle.
 */
export const siteOrigin = (process.env.SANITY_STUDIO_PREVIEW_ORIGIN || "http://localhost:3000").replace(/\/+$/, "");
/** SANITY_STUDIO_DEVELOPER_TOOLS=1 adds Vision (the GROQ console) for developers; editors never see it. */
export const developerToolsFlag = process.env.SANITY_STUDIO_DEVELOPER_TOOLS === "1";
