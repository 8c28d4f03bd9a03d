/**
 * The contact form of `/` and `/contacto`: required nombre, email, telefono, sector, mensaje (asterisk),
 * empresa optional. It posts to the page's own action ('Enviando...' meanwhile); once stored it shows the
 * '¡Mensaje Enviado!' panel whose 'Enviar otro mensaje' empties the form. A failure keeps every field.
 * Without JavaScript it is a plain POST and the page comes back with the same messages or the panel.
 *
 * Props: `content` = landingPage.contactSection's { successTitle, successText, resetLabel }.
 * The route exports `action` (handleLeadAction with contactForm) and `clientAction` (leadClientAction).
 */
import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { Toast } from "~/components/ui/Toast";
import { contactForm } from "~/forms/contact";

import { Honeypot, SubmitButton, TextAreaField, TextField } from "./fields";
import { PrivacyNotice } from "./PrivacyNotice";
import { useLeadForm } from "./use-lead-form";

export const CONTACT_FORM_ANCHOR = "formulario-contacto";

export interface ContactFormContent {
  successTitle?: string | null;
  successText?: string | null;
  resetLabel?: string | null;
}

export function ContactForm({ content }: { content?: ContactFormContent | null }) {
  const lead = useLeadForm(contactForm, { anchor: CONTACT_FORM_ANCHOR });
  const panelRef = useRef<HTMLDivElement>(null);
  const { errors, keptValues: kept } = lead;
  const { pathname } = useLocation();

  useEffect(() => {
    if (lead.sent && lead.fetcher.data) panelRef.current?.focus();
  }, [lead.sent, lead.fetcher.data]);

  return (
    <div id={CONTACT_FORM_ANCHOR} className="scroll-mt-24">
      <Toast toast={lead.toast} onDismiss={lead.dismissToast} />
      {lead.sent ? (
        <div ref={panelRef} tabIndex={-1} className="py-8 text-center focus:outline-none" data-testid="contact-success">
          <div
            aria-hidden="true"
            className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-emerald-100 text-emerald-700"
          >
            <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2.5">
              <path d="M5 13l4 4L19 7" />
            </svg>
          </div>
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
        </div>
      ) : (
        <lead.fetcher.Form
          key={lead.formKey}
          method="post"
          action={lead.action}
          noValidate={lead.hydrated}
          onSubmit={lead.onSubmit}
          onChange={lead.onChange}
          className="relative grid gap-5 sm:grid-cols-2"
          aria-label="Formulario de contacto"
        >
          <TextField
            name="nombre"
            label="Nombre"
            required
            autoComplete="name"
            error={errors.nombre}
            defaultValue={kept?.nombre}
          />
          <TextField
            name="email"
            label="Email"
            type="email"
            required
            autoComplete="email"
            error={errors.email}
            defaultValue={kept?.email}
          />
          <TextField
            name="telefono"
            label="Teléfono"
            type="tel"
            required
            autoComplete="tel"
            error={errors.telefono}
            defaultValue={kept?.telefono}
          />
          <TextField
            name="empresa"
            label="Empresa"
            autoComplete="organization"
            error={errors.empresa}
            defaultValue={kept?.empresa}
          />
          <TextField
            name="sector"
            label="Sector"
            required
            className="sm:col-span-2"
            error={errors.sector}
            defaultValue={kept?.sector}
          />
          <TextAreaField
            name="mensaje"
            label="Mensaje"
            required
            rows={5}
            className="sm:col-span-2"
            error={errors.mensaje}
            defaultValue={kept?.mensaje}
          />
          <Honeypot />
          <div className="sm:col-span-2">
            <SubmitButton submitting={lead.submitting} label="Enviar mensaje" sendingLabel="Enviando..." />
          </div>
          <PrivacyNotice className="sm:col-span-2" />
        </lead.fetcher.Form>
      )}
    </div>
  );
}
