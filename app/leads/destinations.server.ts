/**
 * Where each form's submissions go (docs/product-rules.md, Payloads). The addresses exist only here, on the server, and
 * are read at every attempt so an operator's change takes effect at the next retry.
 */
import type { LeadFormKind } from "~/forms/shared";

export type DestinationName = "formService" | "automationWebhook";

const ENV_NAMES: Record<DestinationName, string> = {
  formService: "FORM_SERVICE_URL",
  automationWebhook: "AUTOMATION_WEBHOOK_URL",
};

export const DESTINATIONS_BY_FORM: Record<LeadFormKind, readonly DestinationName[]> = {
  contacto: ["formService", "automationWebhook"],
  calculadora: ["formService", "automationWebhook"],
  "plan-mensual": ["automationWebhook"],
  "plan-cpl": ["automationWebhook"],
  "iniciar-servicio": ["automationWebhook"],
  campana: ["formService", "automationWebhook"],
};

export function destinationEnvName(destination: DestinationName): string {
  return ENV_NAMES[destination];
}

/** The destination's address, or null when unset (the submission then waits, kept, with a warning). */
export function destinationUrl(destination: DestinationName, env: NodeJS.ProcessEnv = process.env): string | null {
  return env[ENV_NAMES[destination]]?.trim() || null;
}
