/**
 * GET /api/sectores?q=…: the calculator's sector choices matching what the visitor types (name or other
 * spellings, accents and case ignored), at most SECTOR_SEARCH_LIMIT, with the figures the calculator
 * fills in. Public and cacheable like a page; what the calculator's live sector field asks.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";

import { SECTOR_SEARCH_LIMIT } from "~/forms/calculator-sectors";
import { PUBLIC_PAGE_CACHE_CONTROL } from "~/lib/http-cache";
import { searchCalculatorSectors } from "~/site/calculator.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const typed = new URL(request.url).searchParams.get("q") ?? "";
  const sectors = await searchCalculatorSectors(typed, SECTOR_SEARCH_LIMIT);
  return Response.json({ sectors }, { headers: { "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL } });
}
