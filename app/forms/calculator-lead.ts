/**
 * The calculator's contact form ('Completa tus datos'): the spec's rules and messages, and the payload
 * delivered to the form service and the automation webhook (tipoFormulario 'Calculadora').
 *
 * The page posts the visible fields (email, sector, empresa, telefono, web, mensaje) plus hidden ones it
 * knows from the calculation: sectorCalculadora, porcentajeConversion, beneficioPorCliente,
 * presupuestoMensual (plain numbers such as '35' or '1500.5'; the budget may be empty), planSeleccionado
 * ('incluido') and browserInfo (the JSON of `collectBrowserInfo()`, filled just before sending).
 * ROI150 and ROI300 are computed here from conversion and profit, never taken from the browser.
 */
import * as v from "valibot";

import { maxPrices } from "~/domain/calculator";

import { CALCULATOR_LEAD_MESSAGES, CALCULATOR_LEAD_TOASTS } from "./calculator-lead-messages";
import { emailAddress, optionalText, parseDecimal, phoneNumber, requiredText, unlessEmpty } from "./rules";
import {
  defineLeadForm,
  type FieldErrors,
  type FieldSpec,
  formatFechaEnvio,
  type PayloadContext,
  type ToastMessage,
  withOrigen,
} from "./shared";

/** The only plan this form sends. */
export const CALCULATOR_PLAN = "incluido";

export const CALCULATOR_LEAD_FIELDS = {
  email: "line",
  sector: "line",
  empresa: "line",
  telefono: "line",
  web: "line",
  mensaje: "text",
  sectorCalculadora: "line",
  porcentajeConversion: "line",
  beneficioPorCliente: "line",
  presupuestoMensual: "line",
  planSeleccionado: "line",
  browserInfo: "text",
} as const satisfies FieldSpec;

/** The fields a visitor types, in the order the form shows them. */
export const CALCULATOR_VISIBLE_FIELDS = ["email", "sector", "empresa", "telefono", "web", "mensaje"] as const;

const WEB_PATTERN = /^https?:\/\//i;

const calculationNumber = v.pipe(
  v.string(),
  v.check((value: string) => (parseDecimal(value) ?? 0) > 0, CALCULATOR_LEAD_MESSAGES.calculationInvalid),
  v.transform((value: string) => parseDecimal(value) as number),
);

export interface BrowserInfo {
  userAgent: string | null;
  language: string | null;
  platform: string | null;
  cookiesEnabled: boolean | null;
  online: boolean | null;
  screenResolution: string | null;
  windowSize: string | null;
  timezone: string | null;
  timestamp: string | null;
}

const BROWSER_INFO_TEXT_KEYS = [
  "userAgent",
  "language",
  "platform",
  "screenResolution",
  "windowSize",
  "timezone",
  "timestamp",
] as const;
const BROWSER_INFO_FLAG_KEYS = ["cookiesEnabled", "online"] as const;

/** Keeps only the known keys of the posted JSON, each a short string or a boolean; anything else is null. */
export function parseBrowserInfo(json: string): BrowserInfo {
  let raw: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) raw = parsed as Record<string, unknown>;
  } catch {
    raw = {};
  }
  const info = {} as BrowserInfo;
  for (const key of BROWSER_INFO_TEXT_KEYS) {
    const value = raw[key];
    info[key] = typeof value === "string" && value.trim() ? value.trim().slice(0, 500) : null;
  }
  for (const key of BROWSER_INFO_FLAG_KEYS) {
    const value = raw[key];
    info[key] = typeof value === "boolean" ? value : null;
  }
  return info;
}

/** In the browser, just before sending: what the spec's browserInfo holds, as the hidden field's JSON. */
export function collectBrowserInfo(): string {
  if (typeof window === "undefined") return "";
  return JSON.stringify({
    userAgent: navigator.userAgent,
    language: navigator.language,
    platform: navigator.platform,
    cookiesEnabled: navigator.cookieEnabled,
    online: navigator.onLine,
    screenResolution: `${window.screen.width}x${window.screen.height}`,
    windowSize: `${window.innerWidth}x${window.innerHeight}`,
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    timestamp: new Date().toISOString(),
  });
}

export const calculatorLeadSchema = v.object({
  email: emailAddress(CALCULATOR_LEAD_MESSAGES.emailRequired, CALCULATOR_LEAD_MESSAGES.emailFormat),
  sector: requiredText(CALCULATOR_LEAD_MESSAGES.sectorRequired),
  empresa: requiredText(CALCULATOR_LEAD_MESSAGES.empresaRequired),
  telefono: phoneNumber(CALCULATOR_LEAD_MESSAGES.telefonoRequired, CALCULATOR_LEAD_MESSAGES.telefonoFormat),
  web: v.pipe(
    optionalText(),
    unlessEmpty((value) => WEB_PATTERN.test(value), CALCULATOR_LEAD_MESSAGES.webFormat),
  ),
  mensaje: optionalText(),
  sectorCalculadora: requiredText(CALCULATOR_LEAD_MESSAGES.calculationInvalid),
  porcentajeConversion: calculationNumber,
  beneficioPorCliente: calculationNumber,
  presupuestoMensual: v.pipe(
    v.string(),
    v.transform((value: string) => {
      const budget = parseDecimal(value);
      return budget !== null && budget > 0 ? budget : null;
    }),
  ),
  planSeleccionado: v.literal(CALCULATOR_PLAN, CALCULATOR_LEAD_MESSAGES.planMissing),
  browserInfo: v.pipe(v.string(), v.transform(parseBrowserInfo)),
});

export type CalculatorLeadInput = v.InferOutput<typeof calculatorLeadSchema>;

const CALCULATION_FIELDS = ["sectorCalculadora", "porcentajeConversion", "beneficioPorCliente"];

/** The spec's order: visible fields first ('Error de validación'), then the plan, then the calculation. */
export function calculatorInvalidToast(fieldErrors: FieldErrors): ToastMessage {
  if (CALCULATOR_VISIBLE_FIELDS.some((field) => fieldErrors[field])) return CALCULATOR_LEAD_TOASTS.invalid;
  if (fieldErrors.planSeleccionado) return CALCULATOR_LEAD_TOASTS.noPlan;
  if (CALCULATION_FIELDS.some((field) => fieldErrors[field])) return CALCULATOR_LEAD_TOASTS.calculation;
  return CALCULATOR_LEAD_TOASTS.invalid;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export function buildCalculatorLeadPayload(input: CalculatorLeadInput, context: PayloadContext) {
  const info = input.browserInfo;
  const prices = maxPrices({ conversionRate: input.porcentajeConversion, averageProfit: input.beneficioPorCliente });
  const browserInfo: BrowserInfo = {
    ...info,
    userAgent: info.userAgent ?? context.client?.userAgent ?? null,
    language: info.language ?? context.client?.language ?? null,
    timestamp: info.timestamp ?? context.now.toISOString(),
  };
  return withOrigen(
    {
      tipoFormulario: "Calculadora",
      sectorCalculadora: input.sectorCalculadora,
      sector: input.sector,
      empresa: input.empresa,
      telefono: input.telefono,
      email: input.email,
      web: input.web,
      productoVendido: input.mensaje,
      porcentajeConversion: input.porcentajeConversion,
      beneficioPorCliente: input.beneficioPorCliente,
      ROI150: round2(prices.maxCostFor150ROI),
      ROI300: round2(prices.maxCostFor300ROI),
      presupuestoMensual: input.presupuestoMensual,
      planSeleccionado: CALCULATOR_PLAN,
      browserInfo,
      fechaEnvio: formatFechaEnvio(context.now),
    },
    context.origen,
  );
}

export const calculatorLeadForm = defineLeadForm("calculadora", {
  fields: CALCULATOR_LEAD_FIELDS,
  schema: calculatorLeadSchema,
  buildPayload: buildCalculatorLeadPayload,
  invalidToast: calculatorInvalidToast,
  successToast: CALCULATOR_LEAD_TOASTS.success,
  failureToast: CALCULATOR_LEAD_TOASTS.failure,
});
