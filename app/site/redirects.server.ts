/**
 * Applies the editors' redirects where the site would otherwise answer 404 (the splat route and an
 * unknown sector slug). A live page always wins: static pages and campaign pages never reach here, and a
 * sector or campaign page's path is checked against the published slugs so a chain stops on it. See
 * docs/content-model.md.
 */
import { redirect } from "@remix-run/node";

import { getCampaignPaths, getRedirects, getSectorSlugs } from "~/content/index.server";
import { resolveRedirect } from "~/domain/redirects";
import { PRIVATE_NO_STORE } from "~/lib/http-cache";
import { log } from "~/lib/log.server";
import { campaignSlugOfPath, STATIC_PAGE_PATHS } from "~/lib/site-paths";

/**
 * Answers a path no page serves: the editors' redirect when one names it, otherwise 404 with one log
 * line naming the path (a redirect loop is that line, with the chain: still a 404, never a 5xx).
 */
export async function redirectOrNotFound(request: Request): Promise<never> {
  const url = new URL(request.url);
  const [rules, slugs, campaigns] = await Promise.all([getRedirects(), getSectorSlugs(), getCampaignPaths()]);
  const live = new Set<string>(STATIC_PAGE_PATHS);
  for (const { slug } of slugs) if (slug) live.add(`/sectores/${slug}`);
  for (const { slug } of campaigns) if (campaignSlugOfPath(`/${slug}`)) live.add(`/${slug}`);
  const result = resolveRedirect(rules ?? [], url.pathname, url.search, (path) => live.has(path));
  if (result?.kind === "redirect") {
    // Not kept by browsers or proxies: an editor's change applies to the next visit.
    throw redirect(result.location, { status: result.status, headers: { "Cache-Control": PRIVATE_NO_STORE } });
  }
  if (result?.kind === "loop") log("error", "redirect loop", { status: 404, path: url.pathname, chain: result.chain });
  else log("error", "route not found", { status: 404, path: url.pathname });
  throw new Response(null, { status: 404, statusText: "Not Found", headers: { "Cache-Control": PRIVATE_NO_STORE } });
}
