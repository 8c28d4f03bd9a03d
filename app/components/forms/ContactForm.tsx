/**
 * The contact form of `/` and `/contacto`: required nombre, email, telefono, sector, mensaje (asterisk),
 * empresa optional. It posts to the page's own action ('Enviando...' meanwhile); once stored it shows the
 * '¡Mensaje Enviado!' panel whose 'Enviar otro mensaje' empties the form. A failure keeps every field.
 * Without JavaScript it is a plain POST and the page comes back with the same messages or the panel.
 *
 * Props: `content` = the page's form texts (landingPage.contactSection, contactPage.form).
 * The route exports `action` (handleLeadAction with contactForm) and `clientAction` (leadClientAction).
 */
import { useEffect, useRef } from "react";

import { useIslandEnv } from "~/components/islands/island-env";
import type { Maybe } from "~/components/sections/content-shapes";
import { Toast } from "~/components/ui/Toast";
import type { ContactPageQueryResult } from "~/content/sanity.types";
import { contactForm } from "~/forms/contact";

import { ContactFields, TextAreaField, TextField } from "./fields";
import { LeadFormShell, SuccessPanel } from "./LeadFormShell";
import { useLeadForm } from "./use-lead-form";

export const CONTACT_FORM_ANCHOR = "formulario-contacto";

/** The success panel's texts, the same on both pages (the landing's contactSection has them too). */
export type ContactFormContent = NonNullable<NonNullable<ContactPageQueryResult>["form"]>;

export function ContactForm({ content }: { content?: Maybe<ContactFormContent> }) {
  const lead = useLeadForm(contactForm, { anchor: CONTACT_FORM_ANCHOR });
  const panelRef = useRef<HTMLDivElement>(null);
  const { field } = lead;
  const { pathname } = useIslandEnv();

  useEffect(() => {
    if (lead.sent && lead.fetcher.data) panelRef.current?.focus();
  }, [lead.sent, lead.fetcher.data]);

  return (
    <div id={CONTACT_FORM_ANCHOR} className="scroll-mt-24">
      <Toast toast={lead.toast} onDismiss={lead.dismissToast} />
      {lead.sent ? (
        <SuccessPanel ref={panelRef} className="py-8" testId="contact-success">
          <h3 className="mt-4 text-2xl font-bold text-ink">{content?.successTitle}</h3>
          <p className="mx-auto mt-2 max-w-md text-ink-soft">{content?.successText}</p>
          <a
            href={`${pathname}#${CONTACT_FORM_ANCHOR}`}
            onClick={(event) => {
              event.preventDefault();
              lead.reset();
            }}
            className="btn-secondary mt-6"
            role="button"
          >
            {content?.resetLabel}
          </a>
        </SuccessPanel>
      ) : (
        <LeadFormShell
          lead={lead}
          submitLabel="Enviar mensaje"
          sendingLabel="Enviando..."
          noValidate={lead.hydrated}
          className="relative grid gap-5 sm:grid-cols-2"
          aria-label="Formulario de contacto"
        >
          <ContactFields form={contactForm} field={field} />
          <TextField {...field("sector")} label="Sector" required className="sm:col-span-2" />
          <TextAreaField {...field("mensaje")} label="Mensaje" required rows={5} className="sm:col-span-2" />
        </LeadFormShell>
      )}
    </div>
  );
}
