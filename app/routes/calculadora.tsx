/**
 * /calculadora: the lead-price calculator. The loader computes the results for the address it is given
 * (`?sector=…&conversion=…&beneficio=…&presupuesto=…`), so results are shareable and work without
 * JavaScript; the action receives the 'Completa tus datos' form.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { type ShouldRevalidateFunction, useLoaderData, useLocation } from "@remix-run/react";

import { CalculatorPage } from "~/components/calculator/CalculatorPage";
import { PageHero } from "~/components/sections/PageHero";
import { getCalculatorPage, getCalculatorSectors } from "~/content/index.server";
import { calculatorLeadForm } from "~/forms/calculator-lead";
import {
  evaluateCalculator,
  normalizeSectorName,
  requestFromSearchParams,
  type SectorRecord,
} from "~/forms/calculator-query";
import { handleLeadAction } from "~/leads/action.server";
import { publicPageHeaders } from "~/lib/http-cache";
import { seoMeta } from "~/lib/seo";

/** Results pages are public (they depend only on the address); the answer to a lead post is not. */
export const headers = publicPageHeaders;

/**
 * The calculator needs only these fields of each choice (aliases stay on the server). Every choice is
 * listed once: a sector page whose calculator name is already taken (a page copied from another and
 * renamed) is listed under its own sector name.
 */
function toSectorRecords(
  records: ReadonlyArray<Partial<SectorRecord> & { name?: string | null; sectorName?: string | null }> | null,
): SectorRecord[] {
  const seen = new Set<string>();
  const out: SectorRecord[] = [];
  for (const { name, sectorName, aliases, conversionRate, averageProfit } of records ?? []) {
    const label = [name, sectorName]
      .map((candidate) => candidate?.trim() ?? "")
      .find((candidate) => candidate && !seen.has(normalizeSectorName(candidate)));
    if (!label) continue;
    seen.add(normalizeSectorName(label));
    out.push({
      name: label,
      aliases: (aliases ?? []).filter((alias): alias is string => typeof alias === "string"),
      conversionRate: conversionRate ?? null,
      averageProfit: averageProfit ?? null,
    });
  }
  return out;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const [page, records] = await Promise.all([getCalculatorPage(), getCalculatorSectors()]);
  const sectors = toSectorRecords(records);
  const url = new URL(request.url);
  const calculatorRequest = requestFromSearchParams(url.searchParams);
  const state = evaluateCalculator(calculatorRequest, sectors, { prefillEmpty: true });
  return {
    page,
    sectors: sectors.map(({ name, conversionRate, averageProfit }) => ({ name, conversionRate, averageProfit })),
    request: calculatorRequest,
    state,
  };
}

export const action = (args: ActionFunctionArgs) => handleLeadAction(args, calculatorLeadForm);

/** In the browser, a lost connection becomes the spec's 'Error al enviar' answer, not an error page. */
export { leadClientAction as clientAction } from "~/forms/client-action";

export const meta: MetaFunction<typeof loader> = seoMeta("/calculadora");

/** The browser recalculates by itself; a lead post changes nothing the loader computes. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" ? false : defaultShouldRevalidate;

export default function CalculatorRoute() {
  const { page, sectors, request, state } = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <>
      <PageHero id="calculadora" badge={page.hero?.badge} title={page.hero?.title} lead={page.hero?.subtitle} />
      <CalculatorPage key={location.key} content={page} sectors={sectors} request={request} state={state} />
    </>
  );
}
