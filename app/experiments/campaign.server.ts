/**
 * Campaign pages under A/B experiments: the page a request at a campaign path is shown, for the route's
 * loader (drawing on a participant's first visit) and for its action (never drawing: the page the visitor
 * saw), always as the page at that path (its slug is the path's, so the canonical link, the social card
 * and a lead's `pagina` stay the path); and which pages stay out of search while they are a variant.
 */
import { campaignLeadAction, requireCampaignPage } from "~/blocks/campaign-page.server";
import type { CampaignPage } from "~/blocks/types";
import { getCampaignPageById } from "~/content/index.server";
import { readVisitor } from "~/visitor/context.server";

import { chooseCampaignVariant, postedVariant, variantSlugsUnderTest } from "./serve.server";

/** A variant's page as shown at the experiment's path. */
async function pageAtPath(pageId: string, request: Request): Promise<CampaignPage | null> {
  const page = await getCampaignPageById(pageId);
  return page ? { ...page, slug: new URL(request.url).pathname.slice(1) } : null;
}

/**
 * For the loader: the page to render and the headers its answer needs (an experiment's Cache-Control and
 * cookie; none without an experiment). A variant's page at its own address carries `noindex` while it runs.
 */
export async function campaignPageForView(
  request: Request,
  context?: unknown,
): Promise<{ page: CampaignPage; headers?: Headers }> {
  // The visitor's cookies are read here, once for the page view.
  const visitor = readVisitor(request, context);
  const choice = await chooseCampaignVariant(new URL(request.url).pathname, request, visitor, Math.random);
  const chosen = choice ? await pageAtPath(choice.pageId, request) : null;
  if (chosen) return { page: chosen, headers: choice!.headers };
  const page = await requireCampaignPage(request);
  if (!(await variantSlugsUnderTest()).has(page.slug)) return { page, headers: choice?.headers };
  return { page: { ...page, seo: { _type: "campaignSeo", ...page.seo, noIndex: true } }, headers: choice?.headers };
}

/** For the action: the lead goes with the page the visitor was shown and, for a participant, its variant. */
export async function experimentLeadAction(args: { request: Request; context: unknown }) {
  // The visitor's cookies are read here, once for the whole lead (variant, origin, conversion, rate limit).
  const visitor = readVisitor(args.request, args.context);
  const posted = await postedVariant(new URL(args.request.url).pathname, visitor);
  const page = posted ? await pageAtPath(posted.pageId, args.request) : null;
  return campaignLeadAction(args as Parameters<typeof campaignLeadAction>[0], {
    ...(page ? { page } : {}),
    experiment: posted?.experiment ?? null,
    visitor,
  });
}
