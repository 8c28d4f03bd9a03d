/** /social/<page-key>.png: the page's social card (og:image); see docs/social-cards.md. */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { socialCardResponse } from "~/social-cards/cards.server";

export function loader({ request, params }: LoaderFunctionArgs) {
  return socialCardResponse(request, params["*"]);
}
