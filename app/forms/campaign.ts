/**
 * A campaign page's lead form (its lead form block): nombre, email and teléfono always, plus the fields
 * the block lists (empresa, sector, mensaje; optional). Email and phone carry the calculator form's
 * Spanish messages. Delivered with tipoFormulario 'Landing de campaña', tipo 'Consulta Campaña', the
 * page's path (`pagina`) and title (`campana`), and any extra fields the page adds (an experiment's
 * `experimento` / `variante`). The browser builds the same definition from the same block to check
 * before sending; only the server knows the page it builds the payload for.
 */
import * as v from "valibot";

import { CALCULATOR_LEAD_MESSAGES, CALCULATOR_LEAD_TOASTS } from "./calculator-lead-messages";
import { CAMPAIGN_LEAD_OPTIONAL_FIELDS, type CampaignLeadOptionalField } from "./campaign-fields";
import { emailAddress, optionalText, phoneNumber, requiredText } from "./rules";
import {
  defineLeadForm,
  type FieldKind,
  type FieldSpec,
  formatFechaEnvio,
  type LeadFormDefinition,
  type PayloadContext,
  successToast,
  withOrigen,
} from "./shared";

export { CAMPAIGN_LEAD_OPTIONAL_FIELDS, type CampaignLeadOptionalField };

export const CAMPAIGN_FORM_KIND = "campana";

export const CAMPAIGN_LEAD_MESSAGES = {
  nombreRequired: "El nombre es obligatorio",
  emailRequired: CALCULATOR_LEAD_MESSAGES.emailRequired,
  emailFormat: CALCULATOR_LEAD_MESSAGES.emailFormat,
  telefonoRequired: CALCULATOR_LEAD_MESSAGES.telefonoRequired,
  telefonoFormat: CALCULATOR_LEAD_MESSAGES.telefonoFormat,
} as const;

const OPTIONAL_FIELD_KINDS: Record<CampaignLeadOptionalField, FieldKind> = {
  empresa: "line",
  sector: "line",
  mensaje: "text",
};

/** The block's listed fields the form knows, once each, in the form's order. */
export function campaignLeadFields(listed: unknown): CampaignLeadOptionalField[] {
  const names = Array.isArray(listed) ? listed : [];
  return CAMPAIGN_LEAD_OPTIONAL_FIELDS.filter((field) => names.includes(field));
}

/** Where a lead was sent from: the page's path and title, and fields the page adds (an experiment's). */
export interface CampaignLeadPage {
  pagina: string;
  campana: string;
  extra?: Record<string, string>;
}

type CampaignLeadInput = Record<string, string>;

export function buildCampaignPayload(
  input: CampaignLeadInput,
  fields: readonly CampaignLeadOptionalField[],
  page: CampaignLeadPage,
  context: PayloadContext,
) {
  const listed = Object.fromEntries(fields.map((field) => [field, input[field] ?? ""]));
  return withOrigen(
    {
      tipoFormulario: "Landing de campaña",
      tipo: "Consulta Campaña",
      nombre: input.nombre,
      email: input.email,
      telefono: input.telefono,
      ...listed,
      pagina: page.pagina,
      campana: page.campana,
      fechaEnvio: formatFechaEnvio(context.now),
      ...page.extra,
    },
    context.origen,
  );
}

export const CAMPAIGN_SUCCESS_TOAST = successToast(
  "¡Mensaje enviado correctamente!",
  "Nos pondremos en contacto contigo pronto.",
);

/**
 * The form of a lead form block listing `listed` fields. `page` is the server's: without it (in the
 * browser) the definition validates but builds no payload.
 */
export function campaignLeadForm(listed: unknown, page?: CampaignLeadPage): LeadFormDefinition<CampaignLeadInput> {
  const fields = campaignLeadFields(listed);
  const spec: FieldSpec = {
    nombre: "line",
    email: "line",
    telefono: "line",
    ...Object.fromEntries(fields.map((field) => [field, OPTIONAL_FIELD_KINDS[field]])),
  };
  const schema = v.object({
    nombre: requiredText(CAMPAIGN_LEAD_MESSAGES.nombreRequired),
    email: emailAddress(CAMPAIGN_LEAD_MESSAGES.emailRequired, CAMPAIGN_LEAD_MESSAGES.emailFormat),
    telefono: phoneNumber(CAMPAIGN_LEAD_MESSAGES.telefonoRequired, CAMPAIGN_LEAD_MESSAGES.telefonoFormat),
    ...Object.fromEntries(fields.map((field) => [field, optionalText()])),
  }) as unknown as v.GenericSchema<Record<string, string>, CampaignLeadInput>;
  return defineLeadForm(CAMPAIGN_FORM_KIND, {
    fields: spec,
    schema,
    buildPayload: (input, context) => {
      if (!page) throw new Error("a campaign lead's payload is built on the server, for its page");
      return buildCampaignPayload(input, fields, page, context);
    },
    invalidToast: () => CALCULATOR_LEAD_TOASTS.invalid,
    successToast: CAMPAIGN_SUCCESS_TOAST,
  });
}

/** Another form's definition whose payloads also carry `extra` (an experiment's fields on a calculator lead). */
export function withPayloadFields<Output>(
  definition: LeadFormDefinition<Output>,
  extra: Record<string, string> | undefined,
): LeadFormDefinition<Output> {
  if (!extra || Object.keys(extra).length === 0) return definition;
  return { ...definition, buildPayload: (data, context) => ({ ...definition.buildPayload(data, context), ...extra }) };
}
