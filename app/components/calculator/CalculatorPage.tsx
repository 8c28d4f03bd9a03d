/**
 * Everything below the hero of /calculadora: the intro cards, the calculator, the 'how we work' steps
 * with the money-back note, and — once a price per lead exists — the lead form, which on success gives
 * way to the thank-you screen. Holds the one piece of state the parts share (the calculation).
 */
import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { useLeadForm } from "~/components/forms/use-lead-form";
import { type FeatureContent, itemKey } from "~/components/sections/content-shapes";
import { StepsSection } from "~/components/sections/StepsSection";
import { IconMark, type IconName } from "~/components/ui/Icon";
import { Section } from "~/components/ui/Section";
import { SectionHeading } from "~/components/ui/SectionHeading";
import { Toast } from "~/components/ui/Toast";
import { typesetText } from "~/components/ui/typeset";
import type { CalculatorPageQueryResult } from "~/content/sanity.types";
import { calculatorLeadForm } from "~/forms/calculator-lead";
import type { CalculatorRequest, CalculatorState, SectorRecord } from "~/forms/calculator-query";

import { CalculatorForm, SECTOR_FIELD_ID } from "./CalculatorForm";
import { LEAD_FORM_ID, LeadCaptureForm } from "./LeadCaptureForm";
import { ThankYou } from "./ThankYou";
import { useCalculator } from "./use-calculator";

/** The calculator page's content below its hero, as `calculatorPageQuery` returns it. */
export type CalculatorPageContent = Pick<
  NonNullable<CalculatorPageQueryResult>,
  "introCards" | "howWeWork" | "guarantee" | "leadForm"
>;

const INTRO_ICONS: IconName[] = ["euro", "target", "shield"];

function IntroCards({ cards }: { cards: ReadonlyArray<FeatureContent> }) {
  if (!cards.length) return null;
  return (
    <ul className="grid gap-3 sm:gap-4 md:grid-cols-3">
      {cards.map((card, index) => (
        <li
          key={itemKey(card, index)}
          className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
        >
          <IconMark
            name={INTRO_ICONS[index % INTRO_ICONS.length]}
            className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700"
            iconClassName="h-6 w-6"
          />
          <div>
            <h2 className="font-semibold text-ink">{typesetText(card.title)}</h2>
            {card.description ? <p className="mt-1 text-sm leading-relaxed text-ink-soft">{card.description}</p> : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

function GuaranteeNote({ guarantee }: { guarantee: CalculatorPageContent["guarantee"] }) {
  if (!guarantee?.title && !guarantee?.text) return null;
  return (
    <div className="flex max-w-3xl gap-4 rounded-2xl bg-emerald-50 p-5 text-left ring-1 ring-inset ring-emerald-200 sm:p-6">
      <IconMark
        name="shield"
        className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-emerald-600 text-white"
        iconClassName="h-6 w-6"
      />
      <div>
        <p className="font-semibold text-emerald-950">{guarantee.title}</p>
        {guarantee.text ? <p className="mt-1 leading-relaxed text-emerald-900">{guarantee.text}</p> : null}
      </div>
    </div>
  );
}

export function CalculatorPage({
  content,
  sectors,
  request,
  state,
}: {
  content: CalculatorPageContent;
  sectors: SectorRecord[];
  request: CalculatorRequest;
  state: CalculatorState;
}) {
  const calculator = useCalculator({ sectors, request, state });
  const location = useLocation();
  const lead = useLeadForm(calculatorLeadForm, { anchor: LEAD_FORM_ID });
  const thankYouRef = useRef<HTMLHeadingElement>(null);

  // 'Empezar de nuevo' and 'Realizar otra consulta' come back here asking for the sector field.
  useEffect(() => {
    const focus = (location.state as { focus?: string } | null)?.focus;
    if (focus === SECTOR_FIELD_ID) document.getElementById(SECTOR_FIELD_ID)?.focus();
  }, [location.state]);

  useEffect(() => {
    if (lead.sent && lead.fetcher.data) thankYouRef.current?.focus();
  }, [lead.sent, lead.fetcher.data]);

  const leadForm = content.leadForm;
  const sent = lead.sent;
  const showLeadForm = !sent && calculator.prices !== null;
  const inputs = calculator.state.inputs;

  return (
    <>
      <div className="bg-slate-50 pb-16 pt-10 sm:pb-20 sm:pt-12">
        <div className="mx-auto w-full max-w-6xl px-4 sm:px-6 lg:px-8">
          <IntroCards cards={content.introCards ?? []} />
        </div>
        <div className="mx-auto mt-8 w-full max-w-4xl px-4 sm:px-6 lg:px-8">
          {sent ? (
            <ThankYou ref={thankYouRef} id={LEAD_FORM_ID} content={leadForm} />
          ) : (
            <CalculatorForm calculator={calculator} sectors={sectors} />
          )}
        </div>
      </div>

      <StepsSection
        id="como-trabajamos"
        heading={content.howWeWork?.heading}
        steps={content.howWeWork?.steps}
        action={<GuaranteeNote guarantee={content.guarantee} />}
      />

      {showLeadForm ? (
        <Section
          id={LEAD_FORM_ID}
          labelledBy={`${LEAD_FORM_ID}-titulo`}
          tone="muted"
          width="narrow"
          className="scroll-mt-20"
        >
          <SectionHeading id={`${LEAD_FORM_ID}-titulo`} title={leadForm?.heading} intro={leadForm?.intro} />
          <div className="mt-10">
            <LeadCaptureForm
              lead={lead}
              content={leadForm}
              calculation={{
                sector: calculator.draft.sector,
                conversionRate: inputs?.conversionRate ?? null,
                averageProfit: inputs?.averageProfit ?? null,
                budget: calculator.draft.simulated ? calculator.state.budget : null,
              }}
            />
          </div>
        </Section>
      ) : null}

      <Toast toast={lead.toast} onDismiss={lead.dismissToast} />
    </>
  );
}
