/**
 * The calculator's loader data for an address (`?sector=…&conversion=…&beneficio=…&presupuesto=…`), the
 * same on /calculadora and in a campaign page's calculator block: its page texts, its sector choices
 * (each listed once, aliases kept on the server) and the state the server renders for that address.
 */
import type { ActionFunctionArgs } from "@remix-run/node";

import { getCalculatorPage, getCalculatorSectors } from "~/content/index.server";
import { calculatorLeadForm } from "~/forms/calculator-lead";
import {
  evaluateCalculator,
  normalizeSectorName,
  PARAM,
  requestFromSearchParams,
  type SectorRecord,
} from "~/forms/calculator-query";
import { SECTOR_CHOICES_LIMIT, sectorSuggestions } from "~/forms/calculator-sectors";
import { handleLeadAction } from "~/leads/action.server";

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

/** `defaultSector`: the sector chosen when the address names none (a campaign block's own sector). */
export async function loadCalculator(url: URL, { defaultSector }: { defaultSector?: string | null } = {}) {
  const [page, records] = await Promise.all([getCalculatorPage(), getCalculatorSectors()]);
  const sectors = toSectorRecords(records);
  const params = new URLSearchParams(url.searchParams);
  if (defaultSector && !params.has(PARAM.sector)) params.set(PARAM.sector, defaultSector);
  const calculatorRequest = requestFromSearchParams(params);
  const state = evaluateCalculator(calculatorRequest, sectors, { prefillEmpty: true });
  // Past SECTOR_CHOICES_LIMIT choices the page carries a bounded list: the chosen sector, else the ones
  // matching what was typed (a search without JavaScript), and the field searches the rest (api.sectores.ts).
  const sectorSearch = sectors.length > SECTOR_CHOICES_LIMIT;
  const shown = sectorSearch
    ? sectorSuggestions(sectors, state.sector ? "" : calculatorRequest.sector, {
        chosen: sectors.find((sector) => sector.name === state.sector) ?? null,
      })
    : sectors;
  return {
    page,
    sectors: shown.map(({ name, conversionRate, averageProfit }) => ({ name, conversionRate, averageProfit })),
    sectorSearch,
    request: calculatorRequest,
    state,
  };
}

/**
 * /calculadora's action: the 'Completa tus datos' form. Here rather than in the route, so the browser's
 * copy of the route does not pull the form's schema (the form's own chunk brings it when needed).
 */
export function calculatorLeadAction(args: ActionFunctionArgs) {
  return handleLeadAction(args, calculatorLeadForm);
}

/** The live sector search's answer (app/routes/api.sectores.ts): at most SECTOR_SEARCH_LIMIT matches. */
export async function searchCalculatorSectors(typed: string, limit: number) {
  const sectors = toSectorRecords(await getCalculatorSectors());
  return sectorSuggestions(sectors, typed.slice(0, 100), { limit }).map(({ name, conversionRate, averageProfit }) => ({
    name,
    conversionRate,
    averageProfit,
  }));
}
