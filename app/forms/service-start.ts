/**
 * The service-start form of /iniciar-servicio (tipo 'Iniciar Servicio Web'). Only the logo file's name
 * is kept and sent (archivoLogo), never the file. The plan is posted as its key and sent by its name.
 */
import * as v from "valibot";

import { contactGroupRules, optionalText, requiredText, unlessEmpty } from "./rules";
import {
  cleanText,
  CONTACT_GROUP_FIELDS,
  defineLeadForm,
  errorToast,
  type FieldErrors,
  fieldsOf,
  type FieldSpec,
  type FormValues,
  MISSING_FIELDS_TOAST,
  type PayloadContext,
  readFields,
  successToast,
  type ToastMessage,
  withOrigen,
} from "./shared";

/** The two plans this page sells: the posted key and the name the payload carries. */
export const SERVICE_PLANS = {
  "presencia-activa": "Presencia Activa",
  "captacion-pro": "Captación Pro",
} as const;
export type ServicePlanKey = keyof typeof SERVICE_PLANS;

export function isServicePlanKey(value: unknown): value is ServicePlanKey {
  return typeof value === "string" && Object.hasOwn(SERVICE_PLANS, value);
}

export const SERVICE_START_MESSAGES = {
  planRequired: "Por favor selecciona un plan antes de continuar.",
  logoNotImage: "El logo debe ser un archivo de imagen",
} as const;

export const SERVICE_START_TOASTS = {
  missing: MISSING_FIELDS_TOAST,
  noPlan: errorToast("Plan requerido", SERVICE_START_MESSAGES.planRequired),
  success: successToast(
    "¡Solicitud enviada correctamente!",
    "Procesaremos tu solicitud y nos pondremos en contacto contigo en las próximas 24 horas.",
  ),
} as const;

/** The file input's name; what is read from it lands in archivoLogo / archivoLogoTipo. */
export const LOGO_FILE_FIELD = "logo";

/** The fields the payload carries as the visitor gave them (the others it derives). */
const SENT_AS_TYPED = {
  ...CONTACT_GROUP_FIELDS,
  descripcionNegocio: "text",
  publicoObjetivo: "text",
  serviciosProductos: "text",
  objetivos: "text",
  coloresPreferidos: "line",
  estiloPreferido: "line",
  webReferencia: "line",
  tieneLogoPropio: "line",
} as const satisfies FieldSpec;

export const SERVICE_START_FIELDS = {
  ...SENT_AS_TYPED,
  descripcionLogo: "text",
  planSeleccionado: "line",
  archivoLogo: "line",
  archivoLogoTipo: "line",
} as const satisfies FieldSpec;

/**
 * Reads the posted fields; a chosen logo file (multipart, without JavaScript) becomes its name and type.
 * With JavaScript the page posts archivoLogo / archivoLogoTipo itself and leaves the file out.
 */
export function readServiceStartFields(formData: FormData): FormValues {
  const values = readFields(formData, SERVICE_START_FIELDS);
  const file = formData.get(LOGO_FILE_FIELD);
  if (file !== null && typeof file !== "string" && file.name) {
    values.archivoLogo = cleanText(file.name, "line");
    values.archivoLogoTipo = cleanText(file.type, "line");
  }
  return values;
}

export const serviceStartSchema = v.object({
  ...contactGroupRules(),
  descripcionNegocio: requiredText(),
  publicoObjetivo: requiredText(),
  serviciosProductos: requiredText(),
  objetivos: requiredText(),
  coloresPreferidos: optionalText(),
  estiloPreferido: optionalText(),
  webReferencia: optionalText(),
  tieneLogoPropio: v.pipe(
    optionalText(),
    v.transform((value: string) => (value === "si" || value === "descripcion" ? value : "")),
  ),
  descripcionLogo: optionalText(),
  planSeleccionado: v.pipe(
    v.string(),
    v.check((plan: string) => isServicePlanKey(plan), SERVICE_START_MESSAGES.planRequired),
  ),
  archivoLogo: optionalText(),
  archivoLogoTipo: v.pipe(
    optionalText(),
    unlessEmpty((type) => type.startsWith("image/"), SERVICE_START_MESSAGES.logoNotImage),
  ),
});

export type ServiceStartInput = v.InferOutput<typeof serviceStartSchema>;

/** Missing fields first (the browser's own check comes before the plan check), then the plan. */
export function serviceStartInvalidToast(fieldErrors: FieldErrors): ToastMessage {
  const others = Object.keys(fieldErrors).filter((field) => field !== "planSeleccionado" && fieldErrors[field]);
  if (others.length > 0 || !fieldErrors.planSeleccionado) return SERVICE_START_TOASTS.missing;
  return SERVICE_START_TOASTS.noPlan;
}

export function buildServiceStartPayload(input: ServiceStartInput, context: PayloadContext) {
  const ownLogo = input.tieneLogoPropio === "si";
  return withOrigen(
    {
      ...fieldsOf(input, SENT_AS_TYPED),
      descripcionLogo: input.tieneLogoPropio === "descripcion" ? input.descripcionLogo : "",
      planSeleccionado: SERVICE_PLANS[input.planSeleccionado as ServicePlanKey],
      archivoLogo: ownLogo && input.archivoLogo ? input.archivoLogo : null,
      fecha: context.now.toISOString(),
      tipo: "Iniciar Servicio Web",
    },
    context.origen,
  );
}

export const serviceStartForm = defineLeadForm("iniciar-servicio", {
  fields: SERVICE_START_FIELDS,
  read: readServiceStartFields,
  schema: serviceStartSchema,
  buildPayload: buildServiceStartPayload,
  invalidToast: serviceStartInvalidToast,
  receipt: (input) => ({ planSeleccionado: input.planSeleccionado }),
  successToast: SERVICE_START_TOASTS.success,
});
