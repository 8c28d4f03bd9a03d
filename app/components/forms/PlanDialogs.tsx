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

import type { Maybe } from "~/components/sections/content-shapes";
import type { PlansPageQueryResult } from "~/content/sanity.types";
import { cplForm, monthlyPlanForm } from "~/forms/plan-dialogs";
import type { LeadFormDefinition } from "~/forms/shared";

import { ContactFields, SelectField, TextAreaField, TextField } from "./fields";
import { PlanDialog, type PlanDialogContent } from "./plan-dialogs/PlanDialog";
import type { FieldBinding, LeadForm } from "./use-lead-form";

export type { PlanDialogContent } from "./plan-dialogs/PlanDialog";

type PlansPage = NonNullable<PlansPageQueryResult>;

interface PlanDialogBaseProps {
  id: string;
  content?: Maybe<PlanDialogContent>;
  sectorOptions?: Maybe<PlansPage["sectorOptions"]>;
}

const SECTOR_PLACEHOLDER = "Selecciona tu sector";
const BUDGET_PLACEHOLDER = "Selecciona un rango";

/** A required choice from one of the page's lists (sector, budget), across both columns. */
function ListChoice({
  binding,
  label,
  options,
  placeholder,
}: {
  binding: FieldBinding;
  label: string;
  options: Maybe<readonly string[]>;
  placeholder: string;
}) {
  return (
    <SelectField
      {...binding}
      label={label}
      options={options ?? []}
      placeholder={placeholder}
      className="sm:col-span-2"
    />
  );
}

/** What both dialogs open with: the contact group and the sector, chosen from the page's list. */
function ContactAndSector({
  form,
  field,
  sectorOptions,
}: {
  form: LeadFormDefinition<unknown>;
  field: LeadForm["field"];
  sectorOptions: Maybe<readonly string[]>;
}) {
  return (
    <>
      <ContactFields form={form} field={field} />
      <ListChoice binding={field("sector")} label="Sector" options={sectorOptions} placeholder={SECTOR_PLACEHOLDER} />
    </>
  );
}

export function MonthlyPlanDialog({ id, content, sectorOptions }: PlanDialogBaseProps) {
  return (
    <PlanDialog id={id} content={content} definition={monthlyPlanForm}>
      {(field) => (
        <>
          <ContactAndSector form={monthlyPlanForm} field={field} sectorOptions={sectorOptions} />
          <TextAreaField
            {...field("descripcionNegocio")}
            label="Describe tu negocio"
            rows={3}
            className="sm:col-span-2"
          />
          <TextAreaField {...field("objetivos")} label="¿Qué objetivos tienes?" rows={3} className="sm:col-span-2" />
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
}: PlanDialogBaseProps & { budgetOptions?: Maybe<PlansPage["budgetOptions"]> }) {
  return (
    <PlanDialog id={id} content={content} definition={cplForm}>
      {(field) => (
        <>
          <ContactAndSector form={cplForm} field={field} sectorOptions={sectorOptions} />
          <TextAreaField
            {...field("descripcionNegocio")}
            label="Describe tu negocio"
            rows={3}
            className="sm:col-span-2"
          />
          <ListChoice
            binding={field("presupuestoMensual")}
            label="Inversión mensual en publicidad"
            options={budgetOptions}
            placeholder={BUDGET_PLACEHOLDER}
          />
          <TextField {...field("porcentajeConversion")} label="Porcentaje de conversión (%)" inputMode="decimal" />
          <TextField {...field("beneficioPorCliente")} label="Beneficio por cliente (€)" inputMode="decimal" />
          <TextAreaField
            {...field("descripcionClientePotencial")}
            label="Describe a tu cliente potencial"
            rows={3}
            className="sm:col-span-2"
          />
        </>
      )}
    </PlanDialog>
  );
}
