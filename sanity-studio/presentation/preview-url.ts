/**
 * The site the Presentation tool frames: SANITY_STUDIO_PREVIEW_ORIGIN (the site's public origin) or the
 * site's local default, with its preview-mode handshake routes (docs/preview.md).
 */
const previewOrigin = (process.env.SANITY_STUDIO_PREVIEW_ORIGIN || "http://localhost:3000").replace(/\/+$/, "");

export const previewUrl = {
  origin: previewOrigin,
  preview: "/",
  previewMode: { enable: "/api/preview-mode/enable", disable: "/api/preview-mode/disable" },
};
