/**
 * The landing contact form (also on /contacto): required nombre, email, telefono, sector, mensaje;
 * empresa optional. Delivered with tipoFormulario 'Contacto General' and tipo 'Consulta General'.
 */
import * as v from "valibot";

import { contactGroupRules, optionalText, requiredText } from "./rules";
import {
  CONTACT_GROUP_FIELDS,
  defineLeadForm,
  fieldsOf,
  type FieldSpec,
  formatFechaEnvio,
  type PayloadContext,
  successToast,
  withOrigen,
} from "./shared";

export const CONTACT_FIELDS = {
  ...CONTACT_GROUP_FIELDS,
  sector: "line",
  mensaje: "text",
} as const satisfies FieldSpec;

export const contactSchema = v.object({
  ...contactGroupRules(),
  empresa: optionalText(),
  sector: requiredText(),
  mensaje: requiredText(),
});

export type ContactInput = v.InferOutput<typeof contactSchema>;

export function buildContactPayload(input: ContactInput, context: PayloadContext) {
  return withOrigen(
    {
      tipoFormulario: "Contacto General",
      tipo: "Consulta General",
      ...fieldsOf(input, CONTACT_FIELDS),
      fechaEnvio: formatFechaEnvio(context.now),
    },
    context.origen,
  );
}

export const contactForm = defineLeadForm("contacto", {
  fields: CONTACT_FIELDS,
  schema: contactSchema,
  buildPayload: buildContactPayload,
  successToast: successToast("¡Mensaje enviado correctamente!", "Nos pondremos en contacto contigo pronto."),
});
