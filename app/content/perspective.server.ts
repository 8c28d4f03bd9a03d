/**
 * The perspective of the request being answered: `drafts` for a browser in draft preview (its preview
 * cookie, read by app/visitor/preview.server.ts once per request), `published` for every other request and
 * outside a request. Loaders do not pass the request down: the server runs each one in a request scope
 * (request-scope.server.ts).
 */
import { isPreviewRequest } from "~/visitor/preview.server";

import type { Perspective } from "./content-source.server";
import { requestMemo } from "./request-scope.server";

/** The perspective of the request being answered (published outside a request). */
export function currentPerspective(): Promise<Perspective> {
  return requestMemo(
    "perspective",
    async (request) => ((await isPreviewRequest(request)) ? "drafts" : "published"),
    Promise.resolve("published"),
  );
}

/** True while answering a preview request. */
export async function inPreview(): Promise<boolean> {
  return (await currentPerspective()) === "drafts";
}
