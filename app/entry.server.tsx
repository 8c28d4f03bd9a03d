/**
 * Renders every document on the server, whole (bots, crawlers and the page cache all want complete
 * HTML), lets it paint before its scripts load, and gives it a Content-Security-Policy that allows
 * exactly its inline scripts by hash. Also exports the process-wide services server.ts needs from the
 * same module instances.
 */
import { Writable } from "node:stream";
import type { EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { inPreview } from "~/content/index.server";
import { sanityStudioUrl } from "~/lib/env.server";
import { PRIVATE_NO_STORE } from "~/lib/http-cache";
import { paintFirstHydration } from "~/lib/paint-first-hydration.server";
import { documentContentSecurityPolicy, type SecuritySettings } from "~/lib/security-headers.server";

export { startLiveContent } from "~/content/live.server";
export { contentEvents } from "~/content/source.server";
export { startLeadDelivery } from "~/leads/delivery.server";

const ABORT_DELAY_MS = 5_000;

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
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} />,
      {
        // Wait for the whole document: pages are small, cached whole, and their scripts are hashed.
        onAllReady() {
          shellRendered = true;
          const chunks: Buffer[] = [];
          const sink = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              const html = paintFirstHydration(Buffer.concat(chunks).toString("utf8"));
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              responseHeaders.set(
                "Content-Security-Policy",
                documentContentSecurityPolicy(
                  html,
                  securitySettings(remixContext),
                  preview ? { studioUrl: sanityStudioUrl() } : null,
                ),
              );
              clearTimeout(abortTimer);
              resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }));
              done();
            },
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    const abortTimer = setTimeout(abort, ABORT_DELAY_MS);
  });
}
