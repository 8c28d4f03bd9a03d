/**
 * The two forms of /mensual: the monthly-plan dialog (tipo 'Contacto Plan Mensual') and the CPL analysis
 * dialog (tipo 'Contacto Plan CPL', planSeleccionado 'Coste por Lead (CPL)'). Both go to the automation
 * webhook only; sector and budget are chosen from content-managed lists, so any short text is accepted.
 * Fields marked * in the dialogs are the required ones here.
 */
import * as z from "zod/mini";

import { emailAddress, optionalText, requiredText } from "./rules";
import {
  type FieldSpec,
  GENERIC_FAILURE_TOAST,
  type LeadFormDefinition,
  MISSING_FIELDS_TOAST,
  type PayloadContext,
  type ToastMessage,
  withOrigen,
} from "./shared";

/** What the monthly dialog sends when the page names no plan. */
export const DEFAULT_MONTHLY_PLAN = "Plan Mensual";
export const CPL_PLAN = "Coste por Lead (CPL)";

const success = (title: string, description: string): ToastMessage => ({ title, description, variant: "success" });

/** The spec's dialog promises; the pages show the editor's wording from content. */
export const PLAN_DIALOG_TOASTS = {
  missing: MISSING_FIELDS_TOAST,
  failure: GENERIC_FAILURE_TOAST,
  monthlySuccess: success("¡Solicitud enviada!", "Nos pondremos en contacto contigo en menos de 2 horas."),
  cplSuccess: success("¡Solicitud recibida!", "Nos pondremos en contacto contigo en un plazo de 24-48 h."),
} as const;

export const MONTHLY_PLAN_FIELDS = {
  nombre: "line",
  email: "line",
  telefono: "line",
  empresa: "line",
  sector: "line",
  descripcionNegocio: "text",
  objetivos: "text",
  planSeleccionado: "line",
} as const satisfies FieldSpec;

export const monthlyPlanSchema = z.object({
  nombre: requiredText(),
  email: emailAddress(),
  telefono: requiredText(),
  empresa: requiredText(),
  sector: requiredText(),
  descripcionNegocio: optionalText(),
  objetivos: optionalText(),
  planSeleccionado: z.pipe(
    optionalText(),
    z.transform((plan: string) => plan || DEFAULT_MONTHLY_PLAN),
  ),
});

export type MonthlyPlanInput = z.infer<typeof monthlyPlanSchema>;

export function buildMonthlyPlanPayload(input: MonthlyPlanInput, context: PayloadContext) {
  return withOrigen(
    {
      nombre: input.nombre,
      email: input.email,
      telefono: input.telefono,
      empresa: input.empresa,
      sector: input.sector,
      descripcionNegocio: input.descripcionNegocio,
      objetivos: input.objetivos,
      planSeleccionado: input.planSeleccionado,
      tipo: "Contacto Plan Mensual",
      fecha: context.now.toISOString(),
    },
    context.origen,
  );
}

export const monthlyPlanForm: LeadFormDefinition<MonthlyPlanInput> = {
  kind: "plan-mensual",
  fields: MONTHLY_PLAN_FIELDS,
  schema: monthlyPlanSchema,
  buildPayload: buildMonthlyPlanPayload,
  invalidToast: () => PLAN_DIALOG_TOASTS.missing,
  successToast: PLAN_DIALOG_TOASTS.monthlySuccess,
  failureToast: PLAN_DIALOG_TOASTS.failure,
};

export const CPL_FIELDS = {
  nombre: "line",
  email: "line",
  telefono: "line",
  empresa: "line",
  sector: "line",
  descripcionNegocio: "text",
  presupuestoMensual: "line",
  porcentajeConversion: "line",
  beneficioPorCliente: "line",
  descripcionClientePotencial: "text",
} as const satisfies FieldSpec;

export const cplSchema = z.object({
  nombre: requiredText(),
  email: emailAddress(),
  telefono: requiredText(),
  empresa: requiredText(),
  sector: requiredText(),
  descripcionNegocio: requiredText(),
  presupuestoMensual: requiredText(),
  porcentajeConversion: optionalText(),
  beneficioPorCliente: optionalText(),
  descripcionClientePotencial: requiredText(),
});

export type CplInput = z.infer<typeof cplSchema>;

export function buildCplPayload(input: CplInput, context: PayloadContext) {
  return withOrigen(
    {
      nombre: input.nombre,
      email: input.email,
      telefono: input.telefono,
      empresa: input.empresa,
      sector: input.sector,
      descripcionNegocio: input.descripcionNegocio,
      presupuestoMensual: input.presupuestoMensual,
      porcentajeConversion: input.porcentajeConversion,
      beneficioPorCliente: input.beneficioPorCliente,
      descripcionClientePotencial: input.descripcionClientePotencial,
      planSeleccionado: CPL_PLAN,
      tipo: "Contacto Plan CPL",
      fecha: context.now.toISOString(),
    },
    context.origen,
  );
}

export const cplForm: LeadFormDefinition<CplInput> = {
  kind: "plan-cpl",
  fields: CPL_FIELDS,
  schema: cplSchema,
  buildPayload: buildCplPayload,
  invalidToast: () => PLAN_DIALOG_TOASTS.missing,
  successToast: PLAN_DIALOG_TOASTS.cplSuccess,
  failureToast: PLAN_DIALOG_TOASTS.failure,
};
