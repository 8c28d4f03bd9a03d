import { publicSiteUrl } from "~/lib/env.server";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/http-cache";

export function loader() {
  const body = `User-agent: *\nAllow: /\n\nSitemap: ${publicSiteUrl()}/sitemap.xml\n`;
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL },
  });
}
