/**
 * The calculator's lead part: 'Completa tus datos' (its fields, schema checks, toasts and the fetcher that
 * posts it) below the calculator. A chunk of its own, because a visitor sees the form only once the
 * calculator has a price per lead: the page's startup script does not carry it (CalculatorPage.tsx says
 * when it is fetched). Tells the page when a lead has been sent, so it can show the thank-you screen.
 */
import { useEffect } from "react";

import { useLeadForm } from "~/components/forms/use-lead-form";
import type { Maybe } from "~/components/sections/content-shapes";
import { Section } from "~/components/ui/Section";
import { SectionHeading } from "~/components/ui/SectionHeading";
import { Toast } from "~/components/ui/Toast";
import type { CalculatorPageQueryResult } from "~/content/sanity.types";
import { calculatorLeadForm } from "~/forms/calculator-lead";

import { type LeadCalculation, LeadCaptureForm } from "./LeadCaptureForm";
import { LEAD_FORM_ID } from "./ThankYou";

export interface CalculatorLeadProps {
  content: Maybe<NonNullable<CalculatorPageQueryResult>["leadForm"]>;
  calculation: LeadCalculation;
  /** The calculator has a price per lead and no lead has been sent: the form is shown. */
  showForm: boolean;
  /** A lead was just sent from this page (not a post answered by the server's page). */
  onSent: () => void;
}

export default function CalculatorLead({ content, calculation, showForm, onSent }: CalculatorLeadProps) {
  const lead = useLeadForm(calculatorLeadForm, { anchor: LEAD_FORM_ID });
  const sentHere = lead.sent && lead.fetcher.data !== undefined;

  useEffect(() => {
    if (sentHere) onSent();
  }, [sentHere, onSent]);

  return (
    <>
      {showForm && !lead.sent ? (
        <Section
          id={LEAD_FORM_ID}
          labelledBy={`${LEAD_FORM_ID}-titulo`}
          tone="muted"
          width="narrow"
          className="scroll-mt-20"
        >
          <SectionHeading id={`${LEAD_FORM_ID}-titulo`} title={content?.heading} intro={content?.intro} />
          <div className="mt-10">
            <LeadCaptureForm lead={lead} content={content} calculation={calculation} />
          </div>
        </Section>
      ) : null}

      <Toast toast={lead.toast} onDismiss={lead.dismissToast} />
    </>
  );
}
