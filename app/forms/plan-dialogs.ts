/**
 * The two forms of /mensual: the monthly-plan dialog (tipo 'Contacto Plan Mensual') and the CPL analysis
 * dialog (tipo 'Contacto Plan CPL', planSeleccionado 'Coste por Lead (CPL)'). Both go to the automation
 * webhook only; sector and budget are chosen from content-managed lists, so any short text is accepted.
 * Fields marked * in the dialogs are the required ones here.
 */
import * as v from "valibot";

import { contactGroupRules, optionalText, requiredText } from "./rules";
import {
  CONTACT_GROUP_FIELDS,
  defineLeadForm,
  fieldsOf,
  type FieldSpec,
  type PayloadContext,
  successToast,
  withOrigen,
} from "./shared";

/** What the monthly dialog sends when the page names no plan. */
export const DEFAULT_MONTHLY_PLAN = "Plan Mensual";
export const CPL_PLAN = "Coste por Lead (CPL)";

/** Both dialogs: the contact group and the sector, all required. */
const PLAN_CONTACT_FIELDS = { ...CONTACT_GROUP_FIELDS, sector: "line" } as const satisfies FieldSpec;
const planContactRules = () => ({ ...contactGroupRules(), sector: requiredText() });

/** Both dialogs' answers: what a dialog sends after its own fields. */
const planPayload = <Fields>(fields: Fields, tipo: string, context: PayloadContext) =>
  withOrigen({ ...fields, tipo, fecha: context.now.toISOString() }, context.origen);

export const MONTHLY_PLAN_FIELDS = {
  ...PLAN_CONTACT_FIELDS,
  descripcionNegocio: "text",
  objetivos: "text",
  planSeleccionado: "line",
} as const satisfies FieldSpec;

export const monthlyPlanSchema = v.object({
  ...planContactRules(),
  descripcionNegocio: optionalText(),
  objetivos: optionalText(),
  planSeleccionado: v.pipe(
    optionalText(),
    v.transform((plan: string) => plan || DEFAULT_MONTHLY_PLAN),
  ),
});

export type MonthlyPlanInput = v.InferOutput<typeof monthlyPlanSchema>;

export function buildMonthlyPlanPayload(input: MonthlyPlanInput, context: PayloadContext) {
  return planPayload(fieldsOf(input, MONTHLY_PLAN_FIELDS), "Contacto Plan Mensual", context);
}

/** The success toasts are the spec's promises; the pages show the editor's wording from content. */
export const monthlyPlanForm = defineLeadForm("plan-mensual", {
  fields: MONTHLY_PLAN_FIELDS,
  schema: monthlyPlanSchema,
  buildPayload: buildMonthlyPlanPayload,
  successToast: successToast("¡Solicitud enviada!", "Nos pondremos en contacto contigo en menos de 2 horas."),
});

export const CPL_FIELDS = {
  ...PLAN_CONTACT_FIELDS,
  descripcionNegocio: "text",
  presupuestoMensual: "line",
  porcentajeConversion: "line",
  beneficioPorCliente: "line",
  descripcionClientePotencial: "text",
} as const satisfies FieldSpec;

export const cplSchema = v.object({
  ...planContactRules(),
  descripcionNegocio: requiredText(),
  presupuestoMensual: requiredText(),
  porcentajeConversion: optionalText(),
  beneficioPorCliente: optionalText(),
  descripcionClientePotencial: requiredText(),
});

export type CplInput = v.InferOutput<typeof cplSchema>;

export function buildCplPayload(input: CplInput, context: PayloadContext) {
  return planPayload({ ...fieldsOf(input, CPL_FIELDS), planSeleccionado: CPL_PLAN }, "Contacto Plan CPL", context);
}

export const cplForm = defineLeadForm("plan-cpl", {
  fields: CPL_FIELDS,
  schema: cplSchema,
  buildPayload: buildCplPayload,
  successToast: successToast("¡Solicitud recibida!", "Nos pondremos en contacto contigo en un plazo de 24-48 h."),
});
