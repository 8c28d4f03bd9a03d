// What the lead actions refuse, and how: the spec's Spanish message for each invalid field, the
// honeypot, the per-IP rate limit (429), bodies over 1 MiB (413), and trimmed, capped values.
import { leadDeliveryIdle } from "~/leads/backend.server";
import { readFormBody } from "~/leads/request-body.server";
import { action as landingAction } from "~/routes/_index";
import { action as calculatorAction } from "~/routes/calculadora";
import { action as serviceStartAction } from "~/routes/iniciar-servicio";
import { action as plansAction } from "~/routes/mensual";

import { freshLeadEnvironment, post, spoolFiles, useLeadDestinations, VALID_CONTACT } from "../support/leads";

const { destinations, dataDir } = useLeadDestinations();

const nothingKept = () => [
  ...spoolFiles(dataDir(), "pending"),
  ...spoolFiles(dataDir(), "delivered"),
  ...spoolFiles(dataDir(), "failed"),
];

const contact = VALID_CONTACT;

describe("landing contact form validation", () => {
  it("answers 400 'Campos requeridos' with a message on every missing required field and keeps nothing", async () => {
    const { status, data } = await post(landingAction, {
      nombre: "  ",
      email: "",
      telefono: "",
      empresa: "ACME",
      sector: "",
      mensaje: "",
    });
    expect(status).toBe(400);
    expect(data).toEqual({
      ok: false,
      form: "contacto",
      toast: {
        title: "Campos requeridos",
        description: "Por favor, completa todos los campos obligatorios",
        variant: "destructive",
      },
      fieldErrors: {
        nombre: "Este campo es obligatorio",
        email: "Este campo es obligatorio",
        telefono: "Este campo es obligatorio",
        sector: "Este campo es obligatorio",
        mensaje: "Este campo es obligatorio",
      },
      values: { nombre: "", email: "", telefono: "", empresa: "ACME", sector: "", mensaje: "" },
    });
    await leadDeliveryIdle();
    expect(nothingKept()).toEqual([]);
    expect(destinations.attempts).toEqual([]);
  });

  it("refuses an address the email input would refuse", async () => {
    const { status, data } = await post(landingAction, { ...contact, email: "ana-en-empresa.es" });
    expect(status).toBe(400);
    expect(data.fieldErrors).toEqual({ email: "Formato de email inválido" });
  });
});

describe("calculator contact form validation (docs/product-rules.md, Forms)", () => {
  const valid = {
    email: "a@b.es",
    sector: "Textil",
    empresa: "ACME",
    telefono: "+34 600-000-000",
    web: "",
    mensaje: "",
    sectorCalculadora: "Otros",
    porcentajeConversion: "25",
    beneficioPorCliente: "1000",
    presupuestoMensual: "",
    planSeleccionado: "incluido",
    browserInfo: "",
  };

  it.each([
    ["email", "", "El email es obligatorio"],
    ["email", "a@b", "Formato de email inválido"],
    ["sector", "", "El sector es obligatorio"],
    ["empresa", "", "El nombre de la empresa es obligatorio"],
    ["telefono", "", "El teléfono es obligatorio"],
    ["telefono", "600 abc 000", "Formato de teléfono inválido"],
    ["web", "www.acme.es", "La URL debe comenzar con http:// o https://"],
  ])("%s = %j → '%s' with the 'Error de validación' toast", async (field, value, message) => {
    const { status, data } = await post(calculatorAction, { ...valid, [field]: value });
    expect(status).toBe(400);
    expect(data.fieldErrors).toEqual({ [field]: message });
    expect(data.toast).toEqual({
      title: "Error de validación",
      description: "Por favor, completa todos los campos obligatorios del formulario",
      variant: "destructive",
    });
  });

  it("without the plan: 'Plan no seleccionado'", async () => {
    const { status, data } = await post(calculatorAction, { ...valid, planSeleccionado: "" });
    expect(status).toBe(400);
    expect(data.toast).toEqual({
      title: "Plan no seleccionado",
      description: "Por favor, selecciona un plan antes de continuar",
      variant: "destructive",
    });
  });

  it.each([
    ["porcentajeConversion", "0"],
    ["beneficioPorCliente", "abc"],
    ["beneficioPorCliente", ""],
  ])("%s = %j: 'Error de cálculo'", async (field, value) => {
    const { status, data } = await post(calculatorAction, { ...valid, [field]: value });
    expect(status).toBe(400);
    expect(data.fieldErrors).toEqual({ [field]: "Error de cálculo" });
    expect(data.toast).toEqual({
      title: "Error de cálculo",
      description: "Los datos de la calculadora no son válidos. Por favor, realiza el cálculo nuevamente.",
      variant: "destructive",
    });
  });
});

describe("plan dialogs validation", () => {
  it("the CPL dialog names every missing required field", async () => {
    const { status, data } = await post(plansAction, { intent: "plan-cpl", nombre: "Luis" }, { path: "/mensual" });
    expect(status).toBe(400);
    expect(data.form).toBe("plan-cpl");
    expect(Object.keys(data.fieldErrors).sort()).toEqual(
      [
        "descripcionClientePotencial",
        "descripcionNegocio",
        "email",
        "empresa",
        "presupuestoMensual",
        "sector",
        "telefono",
      ].sort(),
    );
    expect(data.toast.title).toBe("Campos requeridos");
  });

  it("an unknown intent is refused", async () => {
    const { status } = await post(plansAction, { intent: "otro", ...contact }, { path: "/mensual" });
    expect(status).toBe(400);
  });
});

describe("service start validation", () => {
  const filled = {
    nombre: "Marta",
    email: "marta@reformas.es",
    telefono: "611 000 111",
    empresa: "Reformas Ruiz",
    descripcionNegocio: "Reformas",
    publicoObjetivo: "Particulares",
    serviciosProductos: "Cocinas",
    objetivos: "Presupuestos",
  };

  it("without a plan: 'Plan requerido' and nothing is kept or sent", async () => {
    const { status, data } = await post(serviceStartAction, filled, { path: "/iniciar-servicio" });
    expect(status).toBe(400);
    expect(data.toast).toEqual({
      title: "Plan requerido",
      description: "Por favor selecciona un plan antes de continuar.",
      variant: "destructive",
    });
    expect(data.fieldErrors).toEqual({ planSeleccionado: "Por favor selecciona un plan antes de continuar." });
    await leadDeliveryIdle();
    expect(nothingKept()).toEqual([]);
    expect(destinations.attempts).toEqual([]);
  });

  it("a logo that is not an image is refused", async () => {
    const formData = new FormData();
    for (const [name, value] of Object.entries({ ...filled, planSeleccionado: "captacion-pro", tieneLogoPropio: "si" }))
      formData.append(name, value);
    formData.append("logo", new File(["MZ"], "programa.exe", { type: "application/x-msdownload" }));
    const { status, data } = await post(serviceStartAction, formData, { path: "/iniciar-servicio" });
    expect(status).toBe(400);
    expect(data.fieldErrors).toEqual({ archivoLogoTipo: "El logo debe ser un archivo de imagen" });
  });
});

describe("abuse", () => {
  it("a filled honeypot gets the normal success answer and nothing is kept or forwarded", async () => {
    const { status, data } = await post(landingAction, { ...contact, website: "https://spam.example" });
    expect(status).toBe(200);
    expect(data).toMatchObject({ ok: true, form: "contacto", id: expect.any(String) });
    await leadDeliveryIdle();
    expect(nothingKept()).toEqual([]);
    expect(destinations.attempts).toEqual([]);
  });

  it("past FORM_RATE_LIMIT per IP in 10 minutes: 429 with a Spanish message; other visitors go on", async () => {
    await freshLeadEnvironment({ DATA_DIR: dataDir(), FORM_RATE_LIMIT: "2" });
    expect((await post(landingAction, contact, { ip: "198.51.100.1" })).status).toBe(200);
    expect((await post(landingAction, contact, { ip: "198.51.100.1" })).status).toBe(200);
    const refused = await post(landingAction, contact, { ip: "198.51.100.1" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(500);
    expect(refused.data).toMatchObject({
      ok: false,
      toast: {
        title: "Demasiados envíos",
        description:
          "Has enviado demasiadas solicitudes en poco tiempo. Por favor, inténtalo de nuevo dentro de unos minutos.",
      },
    });
    expect((await post(landingAction, contact, { ip: "198.51.100.2" })).status).toBe(200);
  });

  it("counts an IPv6 client by its /64 and an IPv4-mapped address as its IPv4", async () => {
    await freshLeadEnvironment({ DATA_DIR: dataDir(), FORM_RATE_LIMIT: "2" });
    expect((await post(landingAction, contact, { ip: "2001:db8:0:7::1" })).status).toBe(200);
    expect((await post(landingAction, contact, { ip: "2001:db8:0:7:aaaa:bbbb:cccc:dddd" })).status).toBe(200);
    expect((await post(landingAction, contact, { ip: "2001:0db8:0000:0007::ffff" })).status).toBe(429);
    expect((await post(landingAction, contact, { ip: "2001:db8:0:8::1" })).status).toBe(200);
    expect((await post(landingAction, contact, { ip: "198.51.100.9" })).status).toBe(200);
    expect((await post(landingAction, contact, { ip: "::ffff:198.51.100.9" })).status).toBe(200);
    expect((await post(landingAction, contact, { ip: "::ffff:198.51.100.9" })).status).toBe(429);
  });

  it("answers a client over its limit with 429 before reading its body", async () => {
    await freshLeadEnvironment({ DATA_DIR: dataDir(), FORM_RATE_LIMIT: "1" });
    expect((await post(landingAction, contact, { ip: "198.51.100.77" })).status).toBe(200);
    // A body that never ends: only an answer given without reading it can come back.
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new TextEncoder().encode("mensaje=" + "a".repeat(1024)));
      },
    });
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
      duplex: "half",
    } as RequestInit);
    const response = await landingAction({ request, params: {}, context: { clientIp: "198.51.100.77" } });
    expect(response.status).toBe(429);
    expect(await response.json()).toMatchObject({ ok: false, toast: { title: "Demasiados envíos" } });
    expect(pulled).toBeLessThanOrEqual(1);
  });

  it("a body declared over 1 MiB gets 413 before it is read", async () => {
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(1024 * 1024 + 1) },
      body: "nombre=x",
    });
    const response = await landingAction({ request, params: {}, context: {} });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ ok: false, toast: { title: "Envío demasiado grande" } });
  });

  it("a body that turns out longer than 1 MiB while streaming gets 413", async () => {
    const chunk = new TextEncoder().encode(`mensaje=${"a".repeat(64 * 1024)}`);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 2 * 1024 * 1024) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body,
      duplex: "half",
    } as RequestInit);
    const response = await landingAction({ request, params: {}, context: {} });
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(2 * 1024 * 1024);
  });

  describe("multipart bodies (the service-start form without JavaScript)", () => {
    const multipart = (parts: string[], boundary = "limite") =>
      new Request("http://localhost/iniciar-servicio", {
        method: "POST",
        headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
        body: `${parts.map((part) => `--limite\r\n${part}\r\n`).join("")}--limite--\r\n`,
      });
    const field = (name: string, value: string) => `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;

    it("reads fields and a file's name and type, also with a quoted boundary", async () => {
      const request = new Request("http://localhost/", {
        method: "POST",
        headers: { "Content-Type": 'multipart/form-data; charset=utf-8; boundary="limite"' },
        body:
          `--limite\r\n${field("nombre", "Marta Ruíz")}\r\n` +
          `--limite\r\nContent-Disposition: form-data; name="logo"; filename="logo ñ.png"\r\nContent-Type: image/png\r\n\r\n\x89PNG\r\n` +
          "--limite--\r\n",
      });
      const body = await readFormBody(request);
      expect(body.ok).toBe(true);
      if (!body.ok) return;
      expect(body.formData.get("nombre")).toBe("Marta Ruíz");
      const logo = body.formData.get("logo") as File;
      expect([logo.name, logo.type, logo.size]).toEqual(["logo ñ.png", "image/png", 0]);
    });

    it("a post over 1 MiB because of its logo gets 413, nothing kept or sent, and every typed field back", async () => {
      const formData = new FormData();
      formData.append("nombre", "Marta Ruiz");
      formData.append("email", "marta@reformas.es");
      formData.append("descripcionNegocio", "Reformas integrales");
      formData.append("planSeleccionado", "captacion-pro");
      formData.append("logo", new File([new Uint8Array(3 * 1024 * 1024)], "logo.png", { type: "image/png" }));
      const request = new Request("http://localhost/iniciar-servicio", { method: "POST", body: formData });
      const response = await serviceStartAction({ request, params: {}, context: {} });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({
        ok: false,
        form: "iniciar-servicio",
        toast: { title: "Envío demasiado grande" },
        values: {
          nombre: "Marta Ruiz",
          email: "marta@reformas.es",
          descripcionNegocio: "Reformas integrales",
          planSeleccionado: "captacion-pro",
          archivoLogo: "logo.png",
        },
      });
      await leadDeliveryIdle();
      expect(destinations.deliveries).toEqual([]);
      expect(nothingKept()).toEqual([]);
    });

    it("a multipart body over 8 MiB gets 413 without reading it all", async () => {
      const formData = new FormData();
      formData.append("nombre", "Marta");
      formData.append("logo", new File([new Uint8Array(9 * 1024 * 1024)], "enorme.png", { type: "image/png" }));
      // Sent as bytes without a declared length (as a chunked upload arrives), so it is read until the cap.
      // (Not the FormData itself: Node 24's undici throws from its FormData stream once the reader stops.)
      const encoded = new Response(formData);
      const request = new Request("http://localhost/iniciar-servicio", {
        method: "POST",
        headers: { "Content-Type": encoded.headers.get("content-type")! },
        body: await encoded.blob(),
      });
      expect(request.headers.get("content-length")).toBeNull();
      const response = await serviceStartAction({ request, params: {}, context: {} });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({
        ok: false,
        form: null,
        toast: { title: "Envío demasiado grande" },
      });
    });

    it("text fields over 1 MiB get 413 without their values", async () => {
      const body = await readFormBody(multipart([field("mensaje", "a".repeat(1024 * 1024 + 1))]));
      expect(body).toEqual({ ok: false, status: 413 });
    });

    it("a part header that never ends is cut off at the body's cap", async () => {
      const endless = `Content-Disposition: form-data; name="${"x".repeat(300_000)}"`;
      const body = await readFormBody(multipart([endless]), { limit: 1000, readLimit: 2000 });
      expect(body).toEqual({ ok: false, status: 413 });
    });

    it("a multipart body without a boundary or with broken parts gets 400", async () => {
      const noBoundary = new Request("http://localhost/", {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data" },
        body: "x",
      });
      expect(await readFormBody(noBoundary)).toEqual({ ok: false, status: 400 });
      expect(await readFormBody(multipart(["Sin-Cabecera: nada\r\n\r\nvalor"]))).toEqual({ ok: false, status: 400 });
      // Garbage with no boundary in it is no form at all (not an empty one).
      const garbage = new Request("http://localhost/", {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=x" },
        body: "nombre=Ana&email=ana@example.com",
      });
      expect(await readFormBody(garbage)).toEqual({ ok: false, status: 400 });
    });
  });

  it("trims every value and caps its length before storing and sending", async () => {
    const { status } = await post(landingAction, {
      ...contact,
      nombre: "   Ana  ",
      sector: `  ${"x".repeat(1000)}`,
      mensaje: `${"m".repeat(9000)}\u0000`,
    });
    expect(status).toBe(200);
    await vi.waitFor(() => expect(destinations.deliveries).toHaveLength(2), { timeout: 20_000, interval: 10 });
    const body = destinations.deliveries[0]?.body as Record<string, string>;
    expect(body.nombre).toBe("Ana");
    expect(body.sector).toHaveLength(200);
    expect(body.mensaje).toBe("m".repeat(5000));
  });

  it("keeps hostile markup as plain text in the payload (pages render it escaped)", async () => {
    await post(landingAction, { ...contact, nombre: '<img src=x onerror="alert(1)">' });
    await vi.waitFor(() => expect(destinations.deliveries).toHaveLength(2), { timeout: 20_000, interval: 10 });
    expect(destinations.deliveries[0]?.body.nombre).toBe('<img src=x onerror="alert(1)">');
  });
});
