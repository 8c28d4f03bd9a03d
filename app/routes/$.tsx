/** Every unknown path: 404 with the not-found page inside the site frame, and one log line naming it. */
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { PRIVATE_NO_STORE } from "~/lib/http-cache";
import { log } from "~/lib/log.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  log("error", "route not found", { status: 404, path: url.pathname });
  throw new Response(null, { status: 404, statusText: "Not Found", headers: { "Cache-Control": PRIVATE_NO_STORE } });
}

export const meta: MetaFunction = () => [{ title: "Oops! Page not found" }, { name: "robots", content: "noindex" }];

export default function NotFoundRoute() {
  return null;
}
