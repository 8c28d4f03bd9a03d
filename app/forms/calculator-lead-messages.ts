/**
 * The calculator form's messages and toasts (the spec's words), apart from its schema and payload: the
 * campaign lead form reuses them, and a page with only that form should not download the calculator's
 * code for its words (docs/lab/javascript-budget-log.md).
 */
import { errorToast, successToast } from "./shared";

export const CALCULATOR_LEAD_MESSAGES = {
  emailRequired: "El email es obligatorio",
  emailFormat: "Formato de email inválido",
  sectorRequired: "El sector es obligatorio",
  empresaRequired: "El nombre de la empresa es obligatorio",
  telefonoRequired: "El teléfono es obligatorio",
  telefonoFormat: "Formato de teléfono inválido",
  webFormat: "La URL debe comenzar con http:// o https://",
  planMissing: "Plan no seleccionado",
  calculationInvalid: "Error de cálculo",
} as const;

export const CALCULATOR_LEAD_TOASTS = {
  invalid: errorToast("Error de validación", "Por favor, completa todos los campos obligatorios del formulario"),
  noPlan: errorToast("Plan no seleccionado", "Por favor, selecciona un plan antes de continuar"),
  calculation: errorToast(
    "Error de cálculo",
    "Los datos de la calculadora no son válidos. Por favor, realiza el cálculo nuevamente.",
  ),
  failure: errorToast(
    "Error al enviar",
    "Ha ocurrido un error. Por favor, inténtalo de nuevo o contáctanos directamente.",
  ),
  success: successToast(
    "¡Solicitud enviada correctamente!",
    "Nos pondremos en contacto contigo en las próximas 24 horas.",
  ),
} as const;
