/**
 * Every unknown path: an editor's redirect when one names it (app/lib/redirects.server.ts), otherwise
 * 404 with the not-found page inside the site frame, and one log line naming it.
 */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

import { redirectOrNotFound } from "~/lib/redirects.server";

export async function loader({ request }: LoaderFunctionArgs) {
  return redirectOrNotFound(request);
}

export const meta: MetaFunction = () => [{ title: "Oops! Page not found" }, { name: "robots", content: "noindex" }];

export default function NotFoundRoute() {
  return null;
}
