/**
 * The island env (./island-env.tsx) read from Remix, for the app's own render: the server's, and a draft
 * preview's in the browser. Only app/root.tsx imports this module, so no island's code carries Remix.
 */
import { useActionData, useLocation, useMatches, useRouteLoaderData } from "@remix-run/react";

import type { SiteSettings } from "~/content/types";

import type { IslandEnv } from "./island-env";

export function useRemixIslandEnv(): IslandEnv {
  const { pathname, search } = useLocation();
  const matches = useMatches();
  // Called inside the route's element (where an island renders), this is that route's action data.
  const actionData = useActionData<unknown>() ?? null;
  const settings = useRouteLoaderData<{ settings?: SiteSettings }>("root")?.settings;
  return {
    pathname,
    search,
    routeId: matches[matches.length - 1]?.id ?? "root",
    actionData,
    privacy: settings
      ? { privacyNotice: settings.privacyNotice, legalIdentity: settings.legalIdentity, siteName: settings.siteName }
      : null,
  };
}
