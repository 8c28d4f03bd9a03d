/**
 * The two forms of /mensual: the monthly-plan dialog and the CPL analysis dialog.
 *
 * Contract with /mensual: the page renders the triggers itself as plain links to an in-page anchor
 * (`<a href="#solicitar-analisis">`, `<a href="#solicitar-informacion">`) and renders each dialog once:
 *   <CplDialog id="solicitar-analisis" content={page.cplDialog} sectorOptions={…} budgetOptions={…} />
 *   <MonthlyPlanDialog id="solicitar-informacion" content={page.monthlyDialog} sectorOptions={…} />
 * and exports `action = handleLeadAction(args, [monthlyPlanForm, cplForm])` (the hidden `intent` field
 * tells them apart) plus `clientAction = leadClientAction`.
 *
 * Without JavaScript each is an in-page section with that id holding the same form (the links scroll
 * to it; the post comes back to it). Once hydrated the section gives way to a dialog that opens when a
 * link to `#id` is clicked (or the page loads with that hash): focus is trapped inside, Escape closes
 * it, and focus returns to the link that opened it. Closing after success empties the form.
 * The dialog's frame (PlanDialogModal, Radix Dialog) is loaded on demand: its download starts when a
 * pointer or keyboard focus reaches a trigger, so the page's startup script stays small. Should that
 * download fail, the in-page section comes back and the link scrolls to it as without JavaScript.
 *
 * This file holds the two forms' fields; the frame is plan-dialogs/PlanDialog.tsx, the way it opens
 * plan-dialogs/use-dialog-trigger.ts.
 */

import { cplForm, monthlyPlanForm } from "~/forms/plan-dialogs";
import type { FieldErrors, FormValues, ToastMessage } from "~/forms/shared";

import { SelectField, TextAreaField, TextField } from "./fields";
import { PlanDialog, type PlanDialogContent } from "./plan-dialogs/PlanDialog";

export type { PlanDialogContent } from "./plan-dialogs/PlanDialog";

interface PlanDialogBaseProps {
  id: string;
  content?: PlanDialogContent | null;
  sectorOptions?: readonly string[] | null;
}

const SECTOR_PLACEHOLDER = "Selecciona tu sector";
const BUDGET_PLACEHOLDER = "Selecciona un rango";

function successToastOf(content: PlanDialogContent | null | undefined, fallback: ToastMessage): ToastMessage {
  return content?.successTitle && content.successText
    ? { title: content.successTitle, description: content.successText, variant: "success" }
    : fallback;
}

function ContactFields({
  errors,
  kept,
  sectorOptions,
}: {
  errors: FieldErrors;
  kept?: FormValues;
  sectorOptions: readonly string[];
}) {
  return (
    <>
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
        required
        autoComplete="organization"
        error={errors.empresa}
        defaultValue={kept?.empresa}
      />
      <SelectField
        name="sector"
        label="Sector"
        required
        options={sectorOptions}
        placeholder={SECTOR_PLACEHOLDER}
        className="sm:col-span-2"
        error={errors.sector}
        defaultValue={kept?.sector}
      />
    </>
  );
}

export function MonthlyPlanDialog({
  id,
  content,
  sectorOptions,
  planName,
}: PlanDialogBaseProps & { planName?: string | null }) {
  return (
    <PlanDialog
      id={id}
      content={content}
      definition={monthlyPlanForm}
      successToast={successToastOf(content, monthlyPlanForm.successToast)}
    >
      {(errors, kept) => (
        <>
          {planName ? <input type="hidden" name="planSeleccionado" value={planName} /> : null}
          <ContactFields errors={errors} kept={kept} sectorOptions={sectorOptions ?? []} />
          <TextAreaField
            name="descripcionNegocio"
            label="Describe tu negocio"
            rows={3}
            className="sm:col-span-2"
            error={errors.descripcionNegocio}
            defaultValue={kept?.descripcionNegocio}
          />
          <TextAreaField
            name="objetivos"
            label="¿Qué objetivos tienes?"
            rows={3}
            className="sm:col-span-2"
            error={errors.objetivos}
            defaultValue={kept?.objetivos}
          />
        </>
      )}
    </PlanDialog>
  );
}

export function CplDialog({
  id,
  content,
  sectorOptions,
  budgetOptions,
}: PlanDialogBaseProps & { budgetOptions?: readonly string[] | null; planName?: string | null }) {
  return (
    <PlanDialog
      id={id}
      content={content}
      definition={cplForm}
      successToast={successToastOf(content, cplForm.successToast)}
    >
      {(errors, kept) => (
        <>
          <ContactFields errors={errors} kept={kept} sectorOptions={sectorOptions ?? []} />
          <TextAreaField
            name="descripcionNegocio"
            label="Describe tu negocio"
            required
            rows={3}
            className="sm:col-span-2"
            error={errors.descripcionNegocio}
            defaultValue={kept?.descripcionNegocio}
          />
          <SelectField
            name="presupuestoMensual"
            label="Inversión mensual en publicidad"
            required
            options={budgetOptions ?? []}
            placeholder={BUDGET_PLACEHOLDER}
            className="sm:col-span-2"
            error={errors.presupuestoMensual}
            defaultValue={kept?.presupuestoMensual}
          />
          <TextField
            name="porcentajeConversion"
            label="Porcentaje de conversión (%)"
            inputMode="decimal"
            error={errors.porcentajeConversion}
            defaultValue={kept?.porcentajeConversion}
          />
          <TextField
            name="beneficioPorCliente"
            label="Beneficio por cliente (€)"
            inputMode="decimal"
            error={errors.beneficioPorCliente}
            defaultValue={kept?.beneficioPorCliente}
          />
          <TextAreaField
            name="descripcionClientePotencial"
            label="Describe a tu cliente potencial"
            required
            rows={3}
            className="sm:col-span-2"
            error={errors.descripcionClientePotencial}
            defaultValue={kept?.descripcionClientePotencial}
          />
        </>
      )}
    </PlanDialog>
  );
}
