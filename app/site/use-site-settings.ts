/** The site settings the root loader already read (app/root.tsx returns siteHead()'s), for components deep in a page. */
import { useRouteLoaderData } from "@remix-run/react";

import type { SiteHead } from "./seo.server";

export function useSiteSettings() {
  return useRouteLoaderData<Pick<SiteHead, "settings">>("root")?.settings;
}
