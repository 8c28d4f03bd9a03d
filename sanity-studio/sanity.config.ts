/**
 * Sanity Studio for the site's content: Spanish UI, singleton pages that cannot be created,
 * duplicated or deleted, lists for sector pages, calculator sectors, FAQs and plans, Presentation
 * (the site itself with drafts and click-to-edit, docs/preview.md) and, for developers only
 * (SANITY_STUDIO_DEVELOPER_TOOLS=1; editors also run `sanity dev`, so that is no test), Vision for trying
 * GROQ queries. Content Releases and Scheduled Drafts (paid Enterprise features whose tab has no Spanish
 * translation) are switched off: editors publish documents directly.
 */
import { esESLocale } from "@sanity/locale-es-es";
import { visionTool } from "@sanity/vision";
import { defineConfig } from "sanity";
import { presentationTool } from "sanity/presentation";
import { structureTool } from "sanity/structure";
import { dataset, developerToolsFlag, projectId } from "./env";
import { previewUrl } from "./presentation/preview-url";
import { resolve } from "./presentation/resolve";
import { schemaTypes } from "./schemaTypes";
import { CampaignWindowBadge } from "./schemaTypes/campaign-window";
import { documentActions, newDocumentOptions, templates } from "./singletons";
import { defaultDocumentNode, structure } from "./structure";

export default defineConfig({
  name: "default",
  title: "LeadsB2B · Contenido",
  projectId,
  dataset,
  plugins: [
    structureTool({ title: "Contenido", structure, defaultDocumentNode }),
    presentationTool({ title: "Vista previa", previewUrl, resolve }),
    // Raw queries are a developer's tool: an editor's top bar does not show it.
    ...(developerToolsFlag ? [visionTool({ title: "Consultas GROQ", defaultApiVersion: "2025-02-19" })] : []),
    esESLocale(),
  ],
  schema: { types: schemaTypes, templates },
  document: {
    actions: documentActions,
    newDocumentOptions,
    // «Programada» / «Terminada» on a campaign page with a calendar (schemaTypes/campaign-window.ts).
    badges: (badges, context) => (context.schemaType === "campaignPage" ? [...badges, CampaignWindowBadge] : badges),
  },
  releases: { enabled: false },
  scheduledDrafts: { enabled: false },
});
