/**
 * What every lead form shares, in the browser and on the server: how posted values are read (trimmed,
 * capped), the result an action answers and the Madrid-time date of a payload. Nothing here runs a schema:
 * validate.ts does.
 */
import type * as v from "valibot";

/** The forms. The value is also the `intent` a page with several forms posts. */
export type LeadFormKind = "contacto" | "calculadora" | "plan-mensual" | "plan-cpl" | "iniciar-servicio" | "campana";

/** 'line' for one-line inputs, 'text' for text areas and machine-written JSON. */
export type FieldKind = "line" | "text";
export type FieldSpec = Readonly<Record<string, FieldKind>>;

export const MAX_LENGTH: Readonly<Record<FieldKind, number>> = { line: 200, text: 5000 };

export type FieldErrors = Partial<Record<string, string>>;
export type FormValues = Record<string, string>;

export interface ToastMessage {
  title: string;
  description: string;
  variant: "success" | "destructive";
}

/** Marketing attribution added to every payload (filled by the consent/attribution work). */
export type Origen = Record<string, unknown>;

export interface PayloadContext {
  now: Date;
  origen?: Origen;
  /** What the request itself tells, for fields a browser without JavaScript could not fill. */
  client?: { userAgent?: string; language?: string };
}

export interface LeadFormDefinition<Output = unknown> {
  kind: LeadFormKind;
  fields: FieldSpec;
  /** Reads the posted form data into values; readFields(formData, fields) unless the form has files. */
  read?(formData: FormData): FormValues;
  schema: v.GenericSchema<FormValues, Output>;
  buildPayload(data: Output, context: PayloadContext): Record<string, unknown>;
  /** The toast for a refused submission, chosen from which fields failed. */
  invalidToast(fieldErrors: FieldErrors): ToastMessage;
  /** What a stored answer may repeat to the page (no personal data), e.g. the chosen plan. */
  receipt?(data: Output): Record<string, string>;
  successToast: ToastMessage;
  failureToast: ToastMessage;
}

/** What a lead action answers (JSON), and what the form components render. */
export type LeadActionData =
  | { ok: true; form: LeadFormKind; id: string; receipt?: Record<string, string> }
  | {
      ok: false;
      /** null when the body could not be read (too large), so no form is known. */
      form: LeadFormKind | null;
      toast: ToastMessage;
      fieldErrors?: FieldErrors;
      values?: FormValues;
      /** The action never answered (network down, server error): show the form's own failure toast. */
      unreachable?: true;
    };

export function isLeadActionData(value: unknown): value is LeadActionData {
  return typeof value === "object" && value !== null && typeof (value as { ok?: unknown }).ok === "boolean";
}

/** A page's action answer when it is about the form `kind` (or about no known form: an unreadable body). */
export function leadAnswerFor(kind: LeadFormKind, value: unknown): LeadActionData | null {
  return isLeadActionData(value) && (value.form === kind || value.form === null) ? value : null;
}

/** The honeypot: a field people never see. A bot that fills it gets a normal answer and nothing is kept. */
export const HONEYPOT_FIELD = "website";
/** The field a page with more than one form uses to say which one was posted. */
export const INTENT_FIELD = "intent";

// Control characters other than tab and line breaks never belong in a form value.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

export function cleanText(value: unknown, kind: FieldKind): string {
  if (typeof value !== "string") return "";
  return value.replace(CONTROL_CHARACTERS, "").trim().slice(0, MAX_LENGTH[kind]).trim();
}

/** Reads the named fields from posted form data: every one present, trimmed and capped; files ignored. */
export function readFields(formData: FormData, fields: FieldSpec): FormValues {
  const values: FormValues = {};
  for (const [name, kind] of Object.entries(fields)) values[name] = cleanText(formData.get(name), kind);
  return values;
}

export function readLeadValues(definition: LeadFormDefinition<unknown>, formData: FormData): FormValues {
  return definition.read ? definition.read(formData) : readFields(formData, definition.fields);
}

/** The contact group the lead forms open with (the calculator's leaves out nombre), in the order shown. */
export const CONTACT_GROUP_FIELDS = {
  nombre: "line",
  email: "line",
  telefono: "line",
  empresa: "line",
} as const satisfies FieldSpec;

/** A form's own fields of its checked input, in the form's field order (the order its payload lists them in). */
export function fieldsOf<Input, Name extends keyof Input & string>(
  input: Input,
  fields: Readonly<Record<Name, FieldKind>>,
): Pick<Input, Name> {
  const picked = {} as Pick<Input, Name>;
  for (const name of Object.keys(fields) as Name[]) picked[name] = input[name];
  return picked;
}

// Built on first use, not when the module loads: the first time-zone-aware Intl formatter costs the
// browser tens of milliseconds (ICU data), and every form page loads this module while hydrating.
let madridLongDateTime: Intl.DateTimeFormat | undefined;

/** `fechaEnvio`: Spanish long date with hour and minute in Madrid time, e.g. '15 de enero de 2024 a las 10:30' (ICU versions may write ', ' instead of ' a las '). */
export function formatFechaEnvio(date: Date): string {
  madridLongDateTime ??= new Intl.DateTimeFormat("es-ES", {
    timeZone: "Europe/Madrid",
    year: "numeric",
    month: "long",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
  return madridLongDateTime.format(date);
}

/** The attribution object, only when there is one (payloads never carry `origen: undefined`). */
export function withOrigen<T extends Record<string, unknown>>(
  payload: T,
  origen: Origen | undefined,
): T & { origen?: Origen } {
  return origen ? { ...payload, origen } : payload;
}

const toastOf =
  (variant: ToastMessage["variant"]) =>
  (title: string, description: string): ToastMessage => ({ title, description, variant });

/** A toast's message: a success, or a refusal or failure ("destructive"). */
export const successToast = toastOf("success");
export const errorToast = toastOf("destructive");

/** The landing form's toast, which the plan dialogs and service start reuse for missing fields. */
export const MISSING_FIELDS_TOAST = errorToast(
  "Campos requeridos",
  "Por favor, completa todos los campos obligatorios",
);

export const GENERIC_FAILURE_TOAST = errorToast(
  "Error al enviar",
  "Ha ocurrido un error. Por favor, inténtalo de nuevo.",
);

/**
 * A form's definition: `kind` and the form's own parts; a refusal answers the landing form's missing-fields
 * toast and a failure the generic one unless the form names its own.
 */
export function defineLeadForm<Output>(
  kind: LeadFormKind,
  parts: Omit<LeadFormDefinition<Output>, "kind" | "invalidToast" | "failureToast"> &
    Partial<Pick<LeadFormDefinition<Output>, "invalidToast" | "failureToast">>,
): LeadFormDefinition<Output> {
  return { kind, invalidToast: () => MISSING_FIELDS_TOAST, failureToast: GENERIC_FAILURE_TOAST, ...parts };
}

/** Answers of the abuse guards; the spec names none, so these follow its tone. */
export const RATE_LIMITED_TOAST = errorToast(
  "Demasiados envíos",
  "Has enviado demasiadas solicitudes en poco tiempo. Por favor, inténtalo de nuevo dentro de unos minutos.",
);

export const TOO_LARGE_TOAST = errorToast(
  "Envío demasiado grande",
  "El envío supera el tamaño máximo de 1 MB. Si has adjuntado un logo, elige un archivo más pequeño.",
);
