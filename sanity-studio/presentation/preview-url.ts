/**
 * The site the Presentation tool frames: SANITY_STUDIO_PREVIEW_ORIGIN (the site's public origin) or the
 * site's local default, with its preview-mode handshake routes (docs/preview.md).
 */
import { siteOrigin as previewOrigin } from "../env";

export const previewUrl = {
  origin: previewOrigin,
  preview: "/",
  previewMode: { enable: "/api/preview-mode/enable", disable: "/api/preview-mode/disable" },
};
