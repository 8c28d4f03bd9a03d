/**
 * Where each form's submissions go (docs/product-rules.md, Payloads). The addresses exist only here, on the server, and
 * are read at every attempt so an operator's change takes effect at the next retry.
 */
import type { LeadFormKind } from "~/forms/shared";
import type { DestinationLabel } from "~/metrics/metrics.server";

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

/** The `destination` label of the metrics (app/metrics/metrics.server.ts). */
export const DESTINATION_LABEL: Readonly<Record<DestinationName, DestinationLabel>> = {
  formService: "form_service",
  automationWebhook: "automation",
};

export function destinationEnvName(destination: DestinationName): string {
  return ENV_NAMES[destination];
}

/** The destination's address, or null when unset (the submission then waits, kept, with a warning). */
export function destinationUrl(destination: DestinationName, env: NodeJS.ProcessEnv = process.env): string | null {
  return env[ENV_NAMES[destination]]?.trim() || null;
}

export type AttemptOutcome = { ok: true } | { ok: false; error: string };

/**
 * The one place a submission leaves the site: one POST of its payload as JSON to a destination, with the
 * submission's id as `Idempotency-Key`, bounded by `timeoutMs`. Never throws: a non-2xx answer, a
 * network error or a time-out is a failed outcome with its reason.
 */
export async function postLead(
  destination: DestinationName,
  lead: { id: string; payload: Record<string, unknown> },
  { timeoutMs, fetch: send = fetch }: { timeoutMs: number; fetch?: typeof fetch },
): Promise<AttemptOutcome> {
  const url = destinationUrl(destination);
  if (!url) return { ok: false, error: `${destinationEnvName(destination)} not set` };
  try {
    const response = await send(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Idempotency-Key": lead.id },
      body: JSON.stringify(lead.payload),
      signal: AbortSignal.timeout(timeoutMs),
    });
    // The answer's body is never read; release it without waiting (some streams never settle a cancel).
    response.body?.cancel().catch(() => undefined);
    return response.ok ? { ok: true } : { ok: false, error: `HTTP ${response.status}` };
  } catch (error) {
    const name = (error as Error)?.name;
    if (name === "TimeoutError" || name === "AbortError")
      return { ok: false, error: `timed out after ${timeoutMs} ms` };
    return { ok: false, error: String((error as Error)?.message ?? error) };
  }
}
