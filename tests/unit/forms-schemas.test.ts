// The shared schemas as the browser uses them before sending: one Spanish message per failing field,
// the spec's toast, and values read trimmed and capped from a form.

import { calculatorLeadForm } from "~/forms/calculator-lead";
import { contactForm } from "~/forms/contact";
import { cplForm, monthlyPlanForm } from "~/forms/plan-dialogs";
import { readServiceStartFields, serviceStartForm } from "~/forms/service-start";
import { cleanText, MAX_LENGTH, readFields } from "~/forms/shared";
import { requiredFieldsOf, validateLead } from "~/forms/validate";

function formData(fields: Record<string, string>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("reading posted values", () => {
  it("trims, removes control characters and caps one-line and multi-line fields", () => {
    expect(cleanText("  Ana\u0000 ", "line")).toBe("Ana");
    expect(cleanText("x".repeat(500), "line")).toHaveLength(MAX_LENGTH.line);
    expect(cleanText("línea 1\nlínea 2", "text")).toBe("línea 1\nlínea 2");
    expect(cleanText(undefined, "line")).toBe("");
  });
  it("reads every field of the form, missing ones as empty, ignoring unknown ones", () => {
    expect(readFields(formData({ nombre: " Ana ", otro: "x" }), contactForm.fields)).toEqual({
      nombre: "Ana",
      email: "",
      telefono: "",
      empresa: "",
      sector: "",
      mensaje: "",
    });
  });
  it("reads a chosen logo file as its name and type only", () => {
    const data = formData({ tieneLogoPropio: "si" });
    data.append("logo", new File(["png"], "mi logo.png", { type: "image/png" }));
    expect(readServiceStartFields(data)).toMatchObject({ archivoLogo: "mi logo.png", archivoLogoTipo: "image/png" });
  });
});

describe("landing contact form", () => {
  it("wants nombre, email, telefono, sector and mensaje, not empresa; the toast is 'Campos requeridos'", () => {
    const result = validateLead(contactForm, readFields(formData({ empresa: "ACME" }), contactForm.fields));
    expect(result).toEqual({
      success: false,
      fieldErrors: {
        nombre: "Este campo es obligatorio",
        email: "Este campo es obligatorio",
        telefono: "Este campo es obligatorio",
        sector: "Este campo es obligatorio",
        mensaje: "Este campo es obligatorio",
      },
    });
    expect(contactForm.invalidToast({})).toEqual({
      title: "Campos requeridos",
      description: "Por favor, completa todos los campos obligatorios",
      variant: "destructive",
    });
  });
});

describe("calculator contact form", () => {
  const valid = {
    email: "a@b.es",
    sector: "Textil",
    empresa: "ACME",
    telefono: "+34 (600) 000-000",
    web: "https://acme.es",
    mensaje: "",
    sectorCalculadora: "Otros",
    porcentajeConversion: "25",
    beneficioPorCliente: "1000",
    presupuestoMensual: "",
    planSeleccionado: "incluido",
    browserInfo: "",
  };
  const check = (fields: Record<string, string>) =>
    validateLead(calculatorLeadForm, readFields(formData({ ...valid, ...fields }), calculatorLeadForm.fields));

  it("accepts the spec's phone shapes and an http(s) web", () => {
    expect(check({}).success).toBe(true);
    expect(check({ telefono: "600000000", web: "http://acme.es" }).success).toBe(true);
  });
  it("gives 'Error de validación' for visible fields before 'Plan no seleccionado' before 'Error de cálculo'", () => {
    const all = check({ email: "", planSeleccionado: "", porcentajeConversion: "" });
    expect(all.success).toBe(false);
    if (all.success) return;
    expect(calculatorLeadForm.invalidToast(all.fieldErrors).title).toBe("Error de validación");
    const planAndCalc = check({ planSeleccionado: "", porcentajeConversion: "" });
    if (planAndCalc.success) throw new Error("expected a failure");
    expect(calculatorLeadForm.invalidToast(planAndCalc.fieldErrors).title).toBe("Plan no seleccionado");
    const calc = check({ porcentajeConversion: "-3" });
    if (calc.success) throw new Error("expected a failure");
    expect(calculatorLeadForm.invalidToast(calc.fieldErrors).title).toBe("Error de cálculo");
  });
});

describe("plan dialogs", () => {
  it("the monthly dialog wants nombre, email, telefono, empresa and sector", () => {
    const result = validateLead(monthlyPlanForm, readFields(formData({}), monthlyPlanForm.fields));
    expect(result.success ? [] : Object.keys(result.fieldErrors).sort()).toEqual([
      "email",
      "empresa",
      "nombre",
      "sector",
      "telefono",
    ]);
  });
  it("the CPL dialog also wants the business, the budget and the potential client", () => {
    const result = validateLead(cplForm, readFields(formData({}), cplForm.fields));
    expect(result.success ? [] : Object.keys(result.fieldErrors).sort()).toEqual([
      "descripcionClientePotencial",
      "descripcionNegocio",
      "email",
      "empresa",
      "nombre",
      "presupuestoMensual",
      "sector",
      "telefono",
    ]);
  });
});

describe("service start", () => {
  const filled = {
    nombre: "Marta",
    email: "m@r.es",
    telefono: "611",
    empresa: "Reformas",
    descripcionNegocio: "Reformas",
    publicoObjetivo: "Particulares",
    serviciosProductos: "Cocinas",
    objetivos: "Presupuestos",
  };
  it("with everything but a plan: 'Plan requerido' / 'Por favor selecciona un plan antes de continuar.'", () => {
    const result = validateLead(serviceStartForm, readServiceStartFields(formData(filled)));
    if (result.success) throw new Error("expected a failure");
    expect(serviceStartForm.invalidToast(result.fieldErrors)).toEqual({
      title: "Plan requerido",
      description: "Por favor selecciona un plan antes de continuar.",
      variant: "destructive",
    });
  });
  it("only the two plans of the page are accepted; style and own-logo choice are not enforced", () => {
    expect(
      validateLead(serviceStartForm, readServiceStartFields(formData({ ...filled, planSeleccionado: "captacion-pro" })))
        .success,
    ).toBe(true);
    expect(
      validateLead(serviceStartForm, readServiceStartFields(formData({ ...filled, planSeleccionado: "solo-web" })))
        .success,
    ).toBe(false);
  });
  it("missing required fields come first: 'Campos requeridos'", () => {
    const result = validateLead(serviceStartForm, readServiceStartFields(formData({ nombre: "Marta" })));
    if (result.success) throw new Error("expected a failure");
    expect(serviceStartForm.invalidToast(result.fieldErrors).title).toBe("Campos requeridos");
  });
});

describe("required marks", () => {
  // The pages mark a contact field required (asterisk, `required`) when its form's schema refuses it empty.
  const CONTACT_GROUP = ["nombre", "email", "telefono", "empresa"];
  const requiredContactFields = (form: Parameters<typeof requiredFieldsOf>[0]) =>
    CONTACT_GROUP.filter((name) => requiredFieldsOf(form).has(name));
  it("the landing form leaves empresa optional; the others want the whole group they show", () => {
    expect(requiredContactFields(contactForm)).toEqual(["nombre", "email", "telefono"]);
    expect(requiredContactFields(monthlyPlanForm)).toEqual(CONTACT_GROUP);
    expect(requiredContactFields(cplForm)).toEqual(CONTACT_GROUP);
    expect(requiredContactFields(serviceStartForm)).toEqual(CONTACT_GROUP);
    expect(requiredContactFields(calculatorLeadForm)).toEqual(["email", "telefono", "empresa"]);
  });
  it("optional fields of a form are never marked", () => {
    expect(requiredFieldsOf(monthlyPlanForm).has("descripcionNegocio")).toBe(false);
    expect(requiredFieldsOf(cplForm).has("descripcionNegocio")).toBe(true);
    expect(requiredFieldsOf(serviceStartForm).has("estiloPreferido")).toBe(false);
  });
});
