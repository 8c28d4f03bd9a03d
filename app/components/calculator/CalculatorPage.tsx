/**
 * Everything below the hero of /calculadora: the intro cards, the calculator, the 'how we work' steps
 * with the money-back note, and — once a price per lead exists — the lead form, which on success gives
 * way to the thank-you screen. Holds the one piece of state the parts share (the calculation).
 *
 * The lead form's code (CalculatorLead.tsx: fields, checks, toasts) is a chunk of its own. A page whose
 * server HTML already holds the form (an address with a sector, the answer to a post) loads it before
 * hydrating; otherwise it is fetched when the visitor starts using the calculator, and at the latest when
 * the first price per lead appears, the form then showing as soon as it has arrived.
 */
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";

import { island, loadIsland } from "~/components/islands/island";
import { IslandEnvOverride, useIslandEnv } from "~/components/islands/island-env";
import { CALCULATOR_PATH } from "~/components/sections/sector/labels";
import type { CalculatorPageQueryResult } from "~/content/sanity.types";
import {
  type CalculatorRequest,
  type CalculatorState,
  evaluateCalculator,
  requestFromSearchParams,
  type SectorRecord,
} from "~/forms/calculator-query";
import { leadAnswerFor } from "~/forms/shared";

import { CalculatorForm, SECTOR_FIELD_ID } from "./CalculatorForm";
import { CalculatorRestart } from "./restart";
import { LEAD_FORM_ID, ThankYou } from "./ThankYou";
import { useCalculator } from "./use-calculator";

const CalculatorLead = island("calculator-lead", "at-once", () =>
  import("./CalculatorLead").then((module) => module.default),
);

/** Starts fetching the lead form's code (once; a failed fetch is tried again at the next use). */
function prefetchLeadForm() {
  loadIsland(CalculatorLead.module).catch(() => undefined);
}

/** The calculator page's content below its hero, as `calculatorPageQuery` returns it. */
export type CalculatorPageContent = Pick<
  NonNullable<CalculatorPageQueryResult>,
  "howWeWork" | "guarantee" | "leadForm" | "sectorField"
>;

export interface CalculatorPageProps {
  content: CalculatorPageContent;
  sectors: SectorRecord[];
  /** More sectors than a dropdown holds: `sectors` is a bounded list and the sector field searches the rest. */
  sectorSearch?: boolean;
  request: CalculatorRequest;
  state: CalculatorState;
  /** The intro cards above the calculator (/calculadora's own: app/pages/CalculatorIntro.tsx, kept static). */
  intro?: ReactNode;
  /** The 'how we work' section below the calculator (app/pages/CalculatorSteps.tsx, kept static where it can be). */
  steps: ReactNode;
}

/**
 * The calculator as its island: on /calculadora, 'Empezar de nuevo' and 'Realizar otra consulta' start it again
 * in place (./restart.tsx): an empty calculation, the page's answer to a post forgotten, the address without its
 * query, the sector field focused.
 */
export function CalculatorPageIsland(props: CalculatorPageProps) {
  const { pathname } = useIslandEnv();
  const [run, setRun] = useState({ generation: 0, request: props.request, state: props.state });
  const { sectors } = props;
  const restart = useCallback(() => {
    const request = requestFromSearchParams(new URLSearchParams());
    setRun((previous) => ({
      generation: previous.generation + 1,
      request,
      state: evaluateCalculator(request, sectors, { prefillEmpty: true }),
    }));
    window.history.replaceState(window.history.state, "", CALCULATOR_PATH);
  }, [sectors]);
  const restarted = useMemo(() => (run.generation > 0 ? { actionData: null, search: "" } : null), [run.generation]);
  return (
    <CalculatorRestart.Provider value={pathname === CALCULATOR_PATH ? restart : null}>
      <IslandEnvOverride.Provider value={restarted}>
        <CalculatorPage
          key={run.generation}
          {...props}
          request={run.request}
          state={run.state}
          focusSector={run.generation > 0}
        />
      </IslandEnvOverride.Provider>
    </CalculatorRestart.Provider>
  );
}

export function CalculatorPage({
  content,
  sectors,
  request,
  state,
  intro = null,
  steps,
  sectorSearch = false,
  focusSector = false,
}: CalculatorPageProps & {
  /** Started again in place: the sector field takes the focus. */
  focusSector?: boolean;
}) {
  // The sectors the browser knows: the page's, plus what the sector search brought.
  const [known, setKnown] = useState(sectors);
  const addSectors = useCallback(
    (found: SectorRecord[]) =>
      setKnown((current) => {
        const names = new Set(current.map((sector) => sector.name));
        const added = found.filter((sector) => !names.has(sector.name));
        return added.length ? [...current, ...added] : current;
      }),
    [],
  );
  const calculator = useCalculator({ sectors: known, request, state });
  // The answer to a post made without JavaScript (the form's own kind, as calculatorLeadForm names it).
  const pageAnswer = leadAnswerFor("calculadora", useIslandEnv().actionData);
  const [sentHere, setSentHere] = useState(false);
  const onSent = useCallback(() => setSentHere(true), []);
  const thankYouRef = useRef<HTMLHeadingElement>(null);

  // 'Empezar de nuevo' and 'Realizar otra consulta' come back here asking for the sector field.
  useEffect(() => {
    if (focusSector) document.getElementById(SECTOR_FIELD_ID)?.focus();
  }, [focusSector]);

  useEffect(() => {
    if (sentHere) thankYouRef.current?.focus();
  }, [sentHere]);

  const leadForm = content.leadForm;
  const sent = sentHere || pageAnswer?.ok === true;
  const showLeadForm = !sent && calculator.prices !== null;
  const inputs = calculator.state.inputs;
  // Once needed, the lead part stays: its toast outlives the form.
  const [leadMounted, setLeadMounted] = useState(showLeadForm || pageAnswer !== null);
  if (!leadMounted && showLeadForm) setLeadMounted(true);

  return (
    <>
      <div className="bg-slate-50 pb-16 pt-10 sm:pb-20 sm:pt-12">
        <div className="mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8">{intro}</div>
        <div className="mx-auto mt-8 w-full max-w-4xl px-4 sm:px-6 lg:px-8">
          {sent ? (
            <ThankYou ref={thankYouRef} id={LEAD_FORM_ID} content={leadForm} />
          ) : (
            <div className="contents" onFocusCapture={prefetchLeadForm} onPointerDownCapture={prefetchLeadForm}>
              <CalculatorForm
                calculator={calculator}
                sectors={sectors}
                sectorSearch={sectorSearch}
                sectorField={content.sectorField}
                typedSector={request.sector ?? ""}
                onSectorsFound={addSectors}
              />
            </div>
          )}
        </div>
      </div>

      {steps}

      {leadMounted ? (
        <CalculatorLead
          content={leadForm}
          showForm={showLeadForm}
          onSent={onSent}
          calculation={{
            sector: calculator.draft.sector,
            conversionRate: inputs?.conversionRate ?? null,
            averageProfit: inputs?.averageProfit ?? null,
            budget: calculator.draft.simulated ? calculator.state.budget : null,
          }}
        />
      ) : null}
    </>
  );
}
