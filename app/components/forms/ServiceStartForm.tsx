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
import type { ServiceStartPageQueryResult } from "~/content/sanity.types";
import { isServicePlanKey, LOGO_FILE_FIELD, type ServicePlanKey, serviceStartForm } from "~/forms/service-start";

import { ContactFields, Honeypot, SelectField, SubmitButton, TextAreaField, TextField } from "./fields";
import { SuccessPanel } from "./LeadFormShell";
import { PrivacyNotice } from "./PrivacyNotice";
import { Card, cardClass } from "./service-start/FormCard";
import { LogoChoice } from "./service-start/LogoChoice";
import { PlanChoice, type ServicePlan } from "./service-start/PlanChoice";
import { useLeadForm } from "./use-lead-form";

export const SERVICE_START_ANCHOR = "formulario-inicio-servicio";
/** The payment tab opens this long after the request is stored (docs/product-rules.md, Forms). */
export const PAYMENT_TAB_DELAY_MS = 1500;

export type { ServicePlan } from "./service-start/PlanChoice";

/** The page's form texts, choices and plans (serviceStartPage, without its heading and SEO; prices printed). */
export type ServiceStartContent = Omit<
  NonNullable<ServiceStartPageQueryResult>,
  "seo" | "heading" | "intro" | "plans"
> & {
  plans: ServicePlan[];
};

/** The business card's questions, all required (app/forms/service-start.ts); `wide` spans both columns. */
const BUSINESS_QUESTIONS = [
  { name: "descripcionNegocio", label: "Describe tu negocio", wide: true },
  { name: "publicoObjetivo", label: "¿Quién es tu público objetivo?", wide: false },
  { name: "serviciosProductos", label: "Servicios o productos que ofreces", wide: false },
  { name: "objetivos", label: "¿Qué quieres conseguir con tu web?", wide: true },
] as const;

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
  const lead = useLeadForm(serviceStartForm, { anchor: SERVICE_START_ANCHOR, successContent: content });
  const { errors, keptValues: kept, answer, field } = lead;
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
    void lead.fetcher.submit(formData, { encType: "application/x-www-form-urlencoded" });
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
        <SuccessPanel ref={panelRef} className={cardClass} testId="service-start-success" status>
          <h2 className="mt-4 text-2xl font-bold text-ink">{content.successTitle}</h2>
          <p className="mx-auto mt-2 max-w-lg text-ink-soft">{content.successText}</p>
          {paymentUrl ? (
            <a href={paymentUrl} target="_blank" rel="noopener noreferrer" className="btn-primary mt-6">
              {content.paymentLinkLabel}
            </a>
          ) : null}
        </SuccessPanel>
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
            <ContactFields
              form={serviceStartForm}
              field={field}
              labels={{ nombre: "Nombre completo", empresa: "Nombre de la empresa" }}
            />
          </Card>

          <Card legend={cards.business}>
            {BUSINESS_QUESTIONS.map((question) => (
              <TextAreaField
                key={question.name}
                {...field(question.name)}
                label={question.label}
                rows={3}
                className={question.wide ? "sm:col-span-2" : undefined}
              />
            ))}
          </Card>

          <Card legend={cards.design}>
            <TextField
              {...field("coloresPreferidos")}
              label="Colores preferidos"
              placeholder="Ej.: azul marino y blanco"
            />
            <SelectField
              {...field("estiloPreferido")}
              label="Estilo preferido"
              markedRequired
              options={styleOptions}
              placeholder="Selecciona un estilo"
            />
            <TextField
              {...field("webReferencia")}
              label="Web de referencia"
              inputMode="url"
              placeholder="https://"
              className="sm:col-span-2"
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
