/**
 * Every route's `meta`: the tags its loader built (app/site/seo.server.ts), handed to Remix as they are.
 * Built on the server, so the browser keeps none of the code that makes them.
 */
import type { MetaDescriptor } from "@remix-run/node";

/** `meta` of a route whose loader answers `{ meta }` (none when it threw: the error boundary's root meta). */
export function loaderMeta({ data }: { data?: unknown }): MetaDescriptor[] {
  return (data as { meta?: MetaDescriptor[] } | undefined)?.meta ?? [];
}
