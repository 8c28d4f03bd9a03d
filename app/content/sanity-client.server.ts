/** The @sanity/client for the configured project (published perspective unless a call says otherwise). */
import { createClient, type SanityClient } from "@sanity/client";

import type { SanitySettings } from "~/lib/env.server";

export function createSanityClient(settings: SanitySettings): SanityClient {
  return createClient({
    projectId: settings.projectId,
    dataset: settings.dataset,
    apiVersion: settings.apiVersion,
    perspective: "published",
    ...(settings.apiHost
      ? { apiHost: settings.apiHost, useProjectHostname: false, useCdn: false }
      : { useCdn: !settings.token }),
    token: settings.token,
  });
}
