/** /sitemap/{n}.xml: one file of the sitemap index (app/routes/sitemap[.]xml.ts); 404 past the last. */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/http-cache";
import { urlsetXml } from "~/lib/sitemap";
import { sitemap, XML_HEADERS } from "~/site/sitemap.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const match = /^([1-9]\d{0,5})\.xml$/.exec(params.file ?? "");
  const { files } = await sitemap();
  const file = match && files.length > 1 ? files[Number(match[1]) - 1] : undefined;
  if (!file)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(urlsetXml(file), {
    headers: { ...XML_HEADERS, "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL },
  });
}
