/**
 * The service-start form of /iniciar-servicio: five cards (contact, business, design and style, logo
 * in service-start/LogoChoice.tsx, plan in service-start/PlanChoice.tsx). The own-logo choice shows the image file field ('si') or the logo description and the free-logo
 * offer ('descripcion') with CSS alone, so it works without JavaScript too. The plans are native radio
 * inputs styled as cards (arrow keys move and wrap; they also work without JavaScript, which a
 * button-based radio group cannot). With no plan the submit button looks disabled and pressing it shows
 * 'Plan requerido' and sends nothing. 'Continuar al Pago' / 'Procesando...'; once stored, 1.5 s later the
 * plan's payment link opens in a new tab, and an 'Ir al pago' link is shown in case the tab was blocked.
 *
 * Without JavaScript the form posts multipart (the server keeps only the logo file's name); with
 * JavaScript the file stays in the browser and only its name and type are sent.
 */
import { type FormEvent, useEffect, useRef, useState } from "react";

import { Toast } from "~/components/ui/Toast";
import { isServicePlanKey, LOGO_FILE_FIELD, type ServicePlanKey, serviceStartForm } from "~/forms/service-start";
import type { ToastMessage } from "~/forms/shared";

import { Honeypot, SelectField, SubmitButton, TextAreaField, TextField } from "./fields";
import { PrivacyNotice } from "./PrivacyNotice";
import { Card, cardClass } from "./service-start/FormCard";
import { LogoChoice } from "./service-start/LogoChoice";
import { PlanChoice, type ServicePlan } from "./service-start/PlanChoice";
import { useLeadForm } from "./use-lead-form";

export const SERVICE_START_ANCHOR = "formulario-inicio-servicio";
/** The payment tab opens this long after the request is stored (docs/product-rules.md, Forms). */
export const PAYMENT_TAB_DELAY_MS = 1500;

export type { ServicePlan } from "./service-start/PlanChoice";

export interface ServiceStartContent {
  cards?: {
    contact?: string | null;
    business?: string | null;
    design?: string | null;
    logo?: string | null;
    plan?: string | null;
  } | null;
  styleOptions?: string[] | null;
  plans?: ServicePlan[] | null;
  logoOffer?: { title?: string | null; text?: string | null } | null;
  submitLabel?: string | null;
  sendingLabel?: string | null;
  paymentNote?: string | null;
  calculatorLinkLabel?: string | null;
  successTitle?: string | null;
  successText?: string | null;
  paymentLinkLabel?: string | null;
}

export function ServiceStartForm({
  content,
  paymentLinks,
  calculatorHref = "/calculadora",
}: {
  content: ServiceStartContent;
  /** Payment-link address per plan key ('presencia-activa', 'captacion-pro'), from site settings. */
  paymentLinks: Partial<Record<ServicePlanKey, string | null | undefined>>;
  calculatorHref?: string;
}) {
  const successToast: ToastMessage | undefined =
    content.successTitle && content.successText
      ? { title: content.successTitle, description: content.successText, variant: "success" }
      : undefined;
  const lead = useLeadForm(serviceStartForm, { anchor: SERVICE_START_ANCHOR, successToast });
  const { errors, keptValues: kept, answer } = lead;
  const [plan, setPlan] = useState<string>(kept?.planSeleccionado ?? "");
  const [submittedPlan, setSubmittedPlan] = useState<string | null>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  const stored = answer?.ok ? answer : null;
  const storedPlan = stored ? (stored.receipt?.planSeleccionado ?? submittedPlan) : null;
  const paymentUrl = isServicePlanKey(storedPlan) ? paymentLinks[storedPlan] : null;

  // After a stored request (with JavaScript): the payment page opens in a new tab 1.5 s later.
  useEffect(() => {
    if (!lead.fetcher.data || !stored || !paymentUrl) return;
    panelRef.current?.focus();
    const timer = window.setTimeout(() => window.open(paymentUrl, "_blank", "noopener"), PAYMENT_TAB_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [lead.fetcher.data, stored, paymentUrl]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (!lead.validate(form)) return;
    const formData = new FormData(form);
    const file = formData.get(LOGO_FILE_FIELD);
    formData.delete(LOGO_FILE_FIELD);
    if (file && typeof file !== "string" && file.name) {
      formData.set("archivoLogo", file.name);
      formData.set("archivoLogoTipo", file.type);
    }
    setSubmittedPlan(String(formData.get("planSeleccionado") ?? ""));
    lead.fetcher.submit(formData, {
      method: "post",
      action: lead.action,
      encType: "application/x-www-form-urlencoded",
    });
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    const target = event.target as HTMLInputElement;
    if (target.name === "planSeleccionado") setPlan(target.value);
    lead.onChange(event);
  }

  const cards = content.cards ?? {};
  const styleOptions = content.styleOptions ?? [];
  const sending = lead.submitting;

  return (
    <div id={SERVICE_START_ANCHOR} className="scroll-mt-24">
      <Toast toast={lead.toast} onDismiss={lead.dismissToast} />
      {stored ? (
        <div
          ref={panelRef}
          tabIndex={-1}
          role="status"
          className={`${cardClass} text-center focus:outline-none`}
          data-testid="service-start-success"
        >
          <div
            aria-hidden="true"
            className="mx-auto grid h-14 w-14 place-items-center rounded-full bg-emerald-100 text-emerald-700"
          >
            <svg viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2.5">
              <path d="M5 13l4 4L19 7" />
            </svg>
          </div>
          <h2 className="mt-4 text-2xl font-bold text-ink">{content.successTitle}</h2>
          <p className="mx-auto mt-2 max-w-lg text-ink-soft">{content.successText}</p>
          {paymentUrl ? (
            <a href={paymentUrl} target="_blank" rel="noopener noreferrer" className="btn-primary mt-6">
              {content.paymentLinkLabel}
            </a>
          ) : null}
        </div>
      ) : (
        <lead.fetcher.Form
          method="post"
          encType="multipart/form-data"
          action={lead.action}
          onSubmit={onSubmit}
          onChange={onChange}
          className="relative grid gap-6"
          aria-label={cards.contact ? undefined : "Formulario de inicio de servicio"}
        >
          <Card legend={cards.contact}>
            <TextField
              name="nombre"
              label="Nombre completo"
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
              label="Nombre de la empresa"
              required
              autoComplete="organization"
              error={errors.empresa}
              defaultValue={kept?.empresa}
            />
          </Card>

          <Card legend={cards.business}>
            <TextAreaField
              name="descripcionNegocio"
              label="Describe tu negocio"
              required
              rows={3}
              className="sm:col-span-2"
              error={errors.descripcionNegocio}
              defaultValue={kept?.descripcionNegocio}
            />
            <TextAreaField
              name="publicoObjetivo"
              label="¿Quién es tu público objetivo?"
              required
              rows={3}
              error={errors.publicoObjetivo}
              defaultValue={kept?.publicoObjetivo}
            />
            <TextAreaField
              name="serviciosProductos"
              label="Servicios o productos que ofreces"
              required
              rows={3}
              error={errors.serviciosProductos}
              defaultValue={kept?.serviciosProductos}
            />
            <TextAreaField
              name="objetivos"
              label="¿Qué quieres conseguir con tu web?"
              required
              rows={3}
              className="sm:col-span-2"
              error={errors.objetivos}
              defaultValue={kept?.objetivos}
            />
          </Card>

          <Card legend={cards.design}>
            <TextField
              name="coloresPreferidos"
              label="Colores preferidos"
              placeholder="Ej.: azul marino y blanco"
              error={errors.coloresPreferidos}
              defaultValue={kept?.coloresPreferidos}
            />
            <SelectField
              name="estiloPreferido"
              label="Estilo preferido"
              markedRequired
              options={styleOptions}
              placeholder="Selecciona un estilo"
              error={errors.estiloPreferido}
              defaultValue={kept?.estiloPreferido}
            />
            <TextField
              name="webReferencia"
              label="Web de referencia"
              inputMode="url"
              placeholder="https://"
              className="sm:col-span-2"
              error={errors.webReferencia}
              defaultValue={kept?.webReferencia}
            />
          </Card>

          <LogoChoice legend={cards.logo} offer={content.logoOffer} errors={errors} kept={kept} />

          <PlanChoice legend={cards.plan} plans={content.plans ?? []} error={errors.planSeleccionado} kept={kept} />

          <Honeypot />
          <div className="flex flex-col items-start gap-3">
            <SubmitButton
              submitting={sending}
              label={content.submitLabel ?? ""}
              sendingLabel={content.sendingLabel ?? ""}
              ariaDisabled={lead.hydrated && !isServicePlanKey(plan)}
              className="px-8 py-3 text-lg"
            />
            {content.paymentNote ? <p className="text-sm text-ink-muted">{content.paymentNote}</p> : null}
            {content.calculatorLinkLabel ? (
              <a
                href={calculatorHref}
                className="text-sm font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-800"
              >
                {content.calculatorLinkLabel}
              </a>
            ) : null}
          </div>
          <PrivacyNotice />
        </lead.fetcher.Form>
      )}
    </div>
  );
}
