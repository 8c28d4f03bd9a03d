/**
 * Images of the embedded dataset at the path Sanity's CDN uses (`/images/<project>/<dataset>/<file>`),
 * rendered like the CDN would: app/images/local-images.server.ts, docs/images.md.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { localImageResponse } from "~/images/local-images.server";

export const loader = ({ request, params }: LoaderFunctionArgs) => localImageResponse(request, params["*"] ?? "");
