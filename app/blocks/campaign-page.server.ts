/**
 * A campaign page's route on the server: the loader data (the blocks it can show, each as its own `load`
 * step makes it, and in draft preview only the blocks' click-to-edit attributes) and the action that takes
 * its leads through the forms its blocks bring (registry.server.ts). Both start from the page the
 * content door resolves for the path (`getCampaignPage`), or from a page a caller already chose (an
 * experiment's variant), so the route stays a few lines. docs/content-model.md, 'Campaign pages'.
 */
import { type ActionFunctionArgs, redirect } from "@remix-run/node";
import { createDataAttribute } from "@sanity/visual-editing/create-data-attribute";

import { campaignAfterEnd, getCampaignPage, inPreview } from "~/content/index.server";
import { handleLeadAction, type LeadActionOptions } from "~/leads/action.server";
import { sanityStudioUrl } from "~/lib/env.server";
import { PRIVATE_NO_STORE } from "~/lib/http-cache";
import { redirectOrNotFound } from "~/site/redirects.server";

import { blockLeadForms, loadBlocks } from "./registry.server";
import type { CampaignBlock, CampaignPage } from "./types";
import { usableBlocks } from "./usable-blocks.server";

/**
 * A page the path shows, or the answer (thrown) when it shows none: after a campaign's end, a temporary
 * redirect to its `afterEnd` (the campaign may come back); otherwise the editors' redirect or 404.
 */
export async function requireCampaignPage(request: Request): Promise<CampaignPage> {
  const path = new URL(request.url).pathname;
  const page = await getCampaignPage(path);
  if (page) return page;
  const afterEnd = await campaignAfterEnd(path);
  // Not kept by browsers or proxies, like the editors' redirects: the page may come back.
  if (afterEnd) throw redirect(afterEnd, { status: 302, headers: { "Cache-Control": PRIVATE_NO_STORE } });
  return redirectOrNotFound(request);
}

/** Each block's `data-sanity` attribute (document, type and `blocks[_key=="…"]` path) for the overlay. */
function editAttributes(page: CampaignPage, blocks: readonly CampaignBlock[]): Record<string, string> {
  const attribute = createDataAttribute({ id: page._id, type: "campaignPage", baseUrl: sanityStudioUrl() });
  return Object.fromEntries(blocks.map((block) => [block._key, attribute(["blocks", { _key: block._key }])]));
}

/** The campaign route's loader data for `page`, rendered at the request's address. */
export async function campaignPageData(page: CampaignPage, request: Request) {
  const blocks = await usableBlocks(page.blocks, page._id);
  const rendered = await loadBlocks(blocks, { url: new URL(request.url) });
  const preview = await inPreview();
  return {
    page: {
      _id: page._id,
      title: page.title,
      slug: page.slug,
      seo: page.seo,
      minimalHeader: page.minimalHeader === true,
      formTexts: page.formTexts,
    },
    blocks: rendered,
    // Only in draft preview: public answers carry no editing data.
    ...(preview ? { edit: editAttributes(page, blocks) } : {}),
  };
}

/**
 * Takes a lead posted to a campaign page, with the form of the block it was posted from (its `intent`, or
 * fields only that form posts: the calculator's delivers exactly as /calculadora's), for the page's path
 * and title. A participant's experiment variant (app/experiments/campaign.server.ts) joins any payload as
 * `experimento` / `variante`, and the stored lead counts for it.
 */
export async function campaignLeadAction(
  args: Pick<ActionFunctionArgs, "request" | "context">,
  { page, experiment = null, visitor }: { page?: CampaignPage } & LeadActionOptions = {},
) {
  const extra = experiment ?? undefined;
  const chosen = page ?? (await requireCampaignPage(args.request));
  const blocks = await usableBlocks(chosen.blocks, chosen._id);
  const forms = blockLeadForms(blocks, { pagina: `/${chosen.slug}`, campana: chosen.title, extra });
  return handleLeadAction(args, forms, { experiment, visitor });
}
