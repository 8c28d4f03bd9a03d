/** The site settings the root loader already read, for components deep in a page. */
import { useRouteLoaderData } from "@remix-run/react";

import type { loader as rootLoader } from "~/root";

export function useSiteSettings() {
  return useRouteLoaderData<typeof rootLoader>("root")?.settings;
}
