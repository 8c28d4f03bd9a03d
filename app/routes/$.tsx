/**
 * Every path no other route serves. A published campaign page at that path renders here from its blocks
 * (app/blocks/, docs/content-model.md 'Campaign pages'); otherwise an editor's redirect when one names the
 * path (app/site/redirects.server.ts), or 404 with the not-found page inside the site frame and one log
 * line naming it. Every fixed route wins over this one, so a campaign page never shadows a page.
 */
import { type ActionFunctionArgs, json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { type ShouldRevalidateFunction, useLoaderData } from "@remix-run/react";

import { campaignPageData } from "~/blocks/campaign-page.server";
import { campaignMeta } from "~/blocks/meta.server";
import { island } from "~/components/islands/island";
import { campaignPageForView, experimentLeadAction } from "~/experiments/campaign.server";
import { loaderAwarePageHeaders } from "~/lib/http-cache";
import { loaderMeta } from "~/lib/seo";
import { siteHead } from "~/site/seo.server";

// Public, except at a running A/B experiment's path (private: app/experiments/serve.server.ts).
export const headers = loaderAwarePageHeaders;

// No `handle = HYDRATE`: the page's forms and calculator are page islands (app/blocks/definition.tsx), so a
// public campaign page carries no React until a visitor reaches for one.

export async function loader({ request, context }: LoaderFunctionArgs) {
  // The page is chosen here, before rendering: an experiment's variant arrives as the page itself.
  const { page, headers } = await campaignPageForView(request, context);
  const [data, site] = await Promise.all([campaignPageData(page, request), siteHead()]);
  const frame = data.page.minimalHeader ? ("minimal" as const) : ("full" as const);
  return json({ ...data, frame, meta: campaignMeta(data, site) }, { headers });
}

/** The page's lead form and its calculator's lead form post here (app/leads/action.server.ts). */
export const action = (args: ActionFunctionArgs) => experimentLeadAction(args);
export { leadClientAction as clientAction } from "~/forms/client-action";

// An unknown path never gets here: its 404 renders the root error boundary, titled by the root's meta.
export const meta: MetaFunction<typeof loader> = loaderMeta;

/** A lead post changes nothing the loader reads. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" ? false : defaultShouldRevalidate;

// The blocks' renderer is an island of its own: in a draft preview, or reached by a client-side navigation
// from a page that still runs Remix, it loads on a campaign page only (the not-found page does not download it).
const Blocks = island("blocks", "at-once", () => import("~/blocks/Blocks").then((m) => m.Blocks));

export default function CampaignPageRoute() {
  const { blocks, edit, page } = useLoaderData<typeof loader>();
  return <Blocks blocks={blocks} formTexts={page.formTexts} edit={edit} />;
}
