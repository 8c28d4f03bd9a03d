/**
 * The fields of /mensual's two forms (the monthly plan, the CPL analysis), each in its PlanDialog. Part
 * of the island ../PlanDialogModal.tsx; how it reaches the page is ../forms-on-interaction.tsx.
 */

import type { Maybe } from "~/components/sections/content-shapes";
import type { PlansPageQueryResult } from "~/content/sanity.types";
import { cplForm, monthlyPlanForm } from "~/forms/plan-dialogs";
import type { LeadFormDefinition } from "~/forms/shared";

import { ContactFields, SelectField, TextAreaField, TextField } from "../fields";
import type { FieldBinding, LeadForm } from "../use-lead-form";
import { PlanDialog, type PlanDialogContent, type PlanDialogStart } from "./PlanDialog";

type PlansPage = NonNullable<PlansPageQueryResult>;

export interface PlanDialogBaseProps {
  id: string;
  content?: Maybe<PlanDialogContent>;
  sectorOptions?: Maybe<PlansPage["sectorOptions"]>;
}

export type CplDialogProps = PlanDialogBaseProps & { budgetOptions?: Maybe<PlansPage["budgetOptions"]> };

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

export function MonthlyPlanDialog({ id, content, sectorOptions, start }: PlanDialogBaseProps & PlanDialogStart) {
  return (
    <PlanDialog id={id} content={content} definition={monthlyPlanForm} start={start}>
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

export function CplDialog({ id, content, sectorOptions, budgetOptions, start }: CplDialogProps & PlanDialogStart) {
  return (
    <PlanDialog id={id} content={content} definition={cplForm} start={start}>
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
