/**
 * Renders every document on the server, whole (bots, crawlers and the page cache all want complete
 * HTML), lets it paint before its scripts load, and gives it a Content-Security-Policy that allows
 * exactly its inline scripts by hash. Also exports the process-wide services server.ts needs from the
 * same module instances.
 */
import type { EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
// renderToString, not the streaming renderer: the document is sent whole anyway, and React 18's
// streaming renderer writes U+0000 bytes into the HTML when a multi-byte character straddles the end
// of its 2 KB chunk (fixed only in React 19). renderToString also omits the doctype, added below.
import { renderToString } from "react-dom/server";

import { loadEveryIsland } from "~/components/islands/island";
import { withPreviewBar } from "~/components/preview/bar.server";
import { CONSENT_BOOT_SCRIPT } from "~/consent/boot-script.server";
import { ConsentBootScriptText } from "~/consent/ConsentBootScript";
import { inPreview } from "~/content/index.server";
import { currentExperimentPreview } from "~/experiments/serve.server";
import { sanityStudioUrl } from "~/lib/env.server";
import { PRIVATE_NO_STORE } from "~/lib/http-cache";
import { HydrateEveryPage } from "~/lib/hydrate";
import { documentContentSecurityPolicy, type SecuritySettings } from "~/lib/security-headers.server";

export { startLiveContent } from "~/content/live.server";
export { contentEvents } from "~/content/source.server";
export { shutdownLeads, startLeadDelivery } from "~/leads/backend.server";
export { metricsRoute } from "~/metrics/route.server";
export { previewModeRoutes } from "~/preview-mode/routes.server";
// What server/ uses of the app (server/app.ts): build/server.js reads these from this build, never bundling
// the modules a second time.
export {
  CACHE_TAG_HEADER,
  cacheTagHeader,
  collectContentTags,
  type ContentChange,
  OVERFLOW_TAG,
  parseCacheTags,
  purgeTagsOf,
  SITE_TAG,
} from "~/content/cache-tags.server";
export { purgeBacklog } from "~/content/purge-backlog.server";
export { runInRequestScope } from "~/content/request-scope.server";
export { DIRECTORY_PARAM } from "~/domain/sector-directory";
export { EXPERIMENT_COOKIE } from "~/experiments/cookie";
export { PARAM as CALCULATOR_PARAM } from "~/forms/calculator-query";
export { dataDir } from "~/lib/env.server";
export { IMMUTABLE_CACHE_CONTROL, withSharedCache } from "~/lib/http-cache";
export { log } from "~/lib/log.server";
export { baseSecurityHeaders } from "~/lib/security-headers.server";
export { countStaticFileCompression } from "~/lib/work-metrics.server";
export {
  countLeadRefused,
  countPageCache,
  countSharedCachePurge,
  observeRequest,
  type SharedCachePurgeResult,
  watchSharedCachePurgeBacklog,
} from "~/metrics/metrics.server";

/** The settings the root loader already fetched for this render (none when it failed). */
function securitySettings(remixContext: EntryContext): SecuritySettings | null {
  const root = remixContext.staticHandlerContext.loaderData?.root as { settings?: SecuritySettings } | undefined;
  return root?.settings ?? null;
}

/** A draft preview answer is for one browser only: never stored anywhere, never indexed. */
function markPreview(headers: Headers): void {
  headers.set("Cache-Control", PRIVATE_NO_STORE);
  headers.set("X-Robots-Tag", "noindex");
}

export const handleDataRequest: HandleDataRequestFunction = async (response) => {
  if (await inPreview()) markPreview(response.headers);
  return response;
};

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  const preview = await inPreview();
  if (preview) markPreview(responseHeaders);
  // The islands render on the server from the same chunks the browser loads (island.tsx): all of them are
  // in before the first render (at once after it), so renderToString never meets a module still loading.
  await loadEveryIsland();
  const markup = renderToString(
    <ConsentBootScriptText.Provider value={CONSENT_BOOT_SCRIPT}>
      <HydrateEveryPage.Provider value={preview}>
        <RemixServer context={remixContext} url={request.url} />
      </HydrateEveryPage.Provider>
    </ConsentBootScriptText.Provider>,
  );
  // Only a draft preview carries Remix's <Scripts/> (docs/decisions/0025-islands-without-remix.md): as Remix writes them.
  const rendered = `<!DOCTYPE html>${markup}`;
  // Preview only: the bar and the preview client's tags, outside the React tree (docs/preview.md).
  const html = preview ? withPreviewBar(rendered, new URL(request.url).pathname, currentExperimentPreview()) : rendered;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set(
    "Content-Security-Policy",
    documentContentSecurityPolicy(
      html,
      securitySettings(remixContext),
      preview ? { studioUrl: sanityStudioUrl() } : null,
    ),
  );
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}
