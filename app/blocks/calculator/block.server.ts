/**
 * The calculator block on the server: the calculator's state for the page's address, opened on the
 * block's sector as /calculadora?sector= opens it; and its lead form, which delivers exactly as
 * /calculadora's (with the page's extra fields, an experiment's).
 */
import { calculatorLeadForm } from "~/forms/calculator-lead";
import { withPayloadFields } from "~/forms/campaign";
import { loadCalculator } from "~/site/calculator.server";

import { defineBlockServer } from "../server-steps.server";
import definition from "./block";

/** Fields only the calculator's lead form posts. */
const CALCULATOR_ONLY_FIELDS = ["sectorCalculadora", "porcentajeConversion", "beneficioPorCliente", "planSeleccionado"];

export default defineBlockServer({
  definition,
  load: async (block, { url }) => {
    const calculator = await loadCalculator(url, { defaultSector: block.sector?.calculatorName });
    // The block's own sector field texts, where it has them; else /calculadora's.
    const own = Object.fromEntries(Object.entries(block.sectorField ?? {}).filter(([, text]) => text?.trim()));
    const sectorField = { ...calculator.page.sectorField, ...own };
    return { ...block, calculator: { ...calculator, page: { ...calculator.page, sectorField } } };
  },
  leadForm: {
    kind: calculatorLeadForm.kind,
    claims: (formData) => CALCULATOR_ONLY_FIELDS.some((field) => formData.has(field)),
    form: (_block, { extra }) => withPayloadFields(calculatorLeadForm, extra),
  },
});
