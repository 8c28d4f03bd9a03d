/**
 * /icons.svg: the icon sprite every `<Icon>` points into (app/components/ui/icon-sprite.server.tsx). At
 * its current version (`?v=` the drawings' hash) it is immutable; any other address gets the current
 * drawings for a short while, so a page cached before a deploy still shows its icons.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { ICON_SPRITE, ICON_SPRITE_VERSION } from "~/components/ui/icon-sprite.server";
import { IMMUTABLE_CACHE_CONTROL, PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/http-cache";

export function loader({ request }: LoaderFunctionArgs) {
  const version = new URL(request.url).searchParams.get("v");
  return new Response(ICON_SPRITE, {
    headers: {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": version === ICON_SPRITE_VERSION ? IMMUTABLE_CACHE_CONTROL : PUBLIC_PAGE_CACHE_CONTROL,
    },
  });
}
