/**
 * The landing contact form (also on /contacto): required nombre, email, telefono, sector, mensaje;
 * empresa optional. Delivered with tipoFormulario 'Contacto General' and tipo 'Consulta General'.
 */
import * as z from "zod/mini";

import { emailAddress, optionalText, requiredText } from "./rules";
import {
  type FieldSpec,
  formatFechaEnvio,
  GENERIC_FAILURE_TOAST,
  type LeadFormDefinition,
  MISSING_FIELDS_TOAST,
  type PayloadContext,
  type ToastMessage,
  withOrigen,
} from "./shared";

export const CONTACT_TOASTS = {
  missing: MISSING_FIELDS_TOAST,
  failure: GENERIC_FAILURE_TOAST,
  success: {
    title: "¡Mensaje enviado correctamente!",
    description: "Nos pondremos en contacto contigo pronto.",
    variant: "success",
  },
} as const satisfies Record<string, ToastMessage>;

export const CONTACT_FIELDS = {
  nombre: "line",
  email: "line",
  telefono: "line",
  empresa: "line",
  sector: "line",
  mensaje: "text",
} as const satisfies FieldSpec;

export const contactSchema = z.object({
  nombre: requiredText(),
  email: emailAddress(),
  telefono: requiredText(),
  empresa: optionalText(),
  sector: requiredText(),
  mensaje: requiredText(),
});

export type ContactInput = z.infer<typeof contactSchema>;

export function buildContactPayload(input: ContactInput, context: PayloadContext) {
  return withOrigen(
    {
      tipoFormulario: "Contacto General",
      tipo: "Consulta General",
      nombre: input.nombre,
      email: input.email,
      telefono: input.telefono,
      empresa: input.empresa,
      sector: input.sector,
      mensaje: input.mensaje,
      fechaEnvio: formatFechaEnvio(context.now),
    },
    context.origen,
  );
}

export const contactForm: LeadFormDefinition<ContactInput> = {
  kind: "contacto",
  fields: CONTACT_FIELDS,
  schema: contactSchema,
  buildPayload: buildContactPayload,
  invalidToast: () => CONTACT_TOASTS.missing,
  successToast: CONTACT_TOASTS.success,
  failureToast: CONTACT_TOASTS.failure,
};
