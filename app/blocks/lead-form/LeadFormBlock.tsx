/**
 * The campaign page's lead form: nombre, email and teléfono, plus the fields the block lists. It is the
 * site's form kit (ContactFields, LeadFormShell with honeypot and privacy notice, the shared Valibot schema
 * checked before sending, conversion events once stored), posting to the page's own action; without
 * JavaScript a plain POST that comes back to this form. Once stored, a thank-you panel takes its place.
 */
import { useEffect, useMemo, useRef } from "react";

import { ContactFields, TextAreaField, TextField } from "~/components/forms/fields";
import { LeadFormShell, SuccessPanel } from "~/components/forms/LeadFormShell";
import { useLeadForm } from "~/components/forms/use-lead-form";
import { Section } from "~/components/ui/Section";
import { SectionHeading } from "~/components/ui/SectionHeading";
import { Toast } from "~/components/ui/Toast";
import { CAMPAIGN_FORM_KIND, campaignLeadFields, campaignLeadForm } from "~/forms/campaign";
import { INTENT_FIELD } from "~/forms/shared";

import type { BlockOf, CampaignPage } from "../types";

/** The landing form's success texts: the defaults of a block that leaves its own empty. */
export type FormTexts = CampaignPage["formTexts"];

export function LeadFormBlock({
  block,
  id,
  formTexts,
}: {
  block: BlockOf<"leadFormBlock">;
  id: string;
  formTexts: FormTexts;
}) {
  const fields = useMemo(() => campaignLeadFields(block.fields), [block.fields]);
  const form = useMemo(() => campaignLeadForm(fields), [fields]);
  const successTitle = block.successTitle || formTexts?.successTitle;
  const successText = block.successText || formTexts?.successText;
  const lead = useLeadForm(form, { anchor: id, successContent: { successTitle, successText } });
  const panelRef = useRef<HTMLDivElement>(null);
  const { field } = lead;

  useEffect(() => {
    if (lead.sent && lead.fetcher.data) panelRef.current?.focus();
  }, [lead.sent, lead.fetcher.data]);

  return (
    <Section id={id} labelledBy={`${id}-title`} tone="muted" width="narrow" className="scroll-mt-20">
      <SectionHeading id={`${id}-title`} title={block.heading || "Contacta con nosotros"} intro={block.text} />
      <div className="mt-10 rounded-3xl border border-slate-200 bg-white p-5 shadow-xl shadow-slate-200/70 sm:p-8">
        <Toast toast={lead.toast} onDismiss={lead.dismissToast} />
        {lead.sent ? (
          <SuccessPanel ref={panelRef} className="py-8" testId="campaign-success" status>
            <h3 className="mt-4 text-2xl font-bold text-ink">{successTitle}</h3>
            {successText ? <p className="mx-auto mt-2 max-w-md text-ink-soft">{successText}</p> : null}
            {formTexts?.resetLabel ? (
              <button type="button" onClick={lead.reset} className="btn-secondary mt-6">
                {formTexts.resetLabel}
              </button>
            ) : null}
          </SuccessPanel>
        ) : (
          <LeadFormShell
            lead={lead}
            submitLabel={block.submitLabel || "Enviar"}
            sendingLabel="Enviando..."
            noValidate={lead.hydrated}
            className="relative grid gap-5 sm:grid-cols-2"
            aria-labelledby={`${id}-title`}
          >
            <input type="hidden" name={INTENT_FIELD} value={CAMPAIGN_FORM_KIND} />
            <ContactFields form={form} field={field} />
            {fields.includes("sector") ? <TextField {...field("sector")} label="Sector" /> : null}
            {fields.includes("mensaje") ? (
              <TextAreaField {...field("mensaje")} label="Mensaje" rows={4} className="sm:col-span-2" />
            ) : null}
          </LeadFormShell>
        )}
      </div>
    </Section>
  );
}
