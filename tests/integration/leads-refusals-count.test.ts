// Every post that reaches a lead action spends one unit of its client's FORM_RATE_LIMIT, whatever becomes
// of it: a body too large, an unreadable one, one naming no form, a filled honeypot. Past the limit the
// answer is 429 before the body is read, and leads_refused_total still counts each refusal by its reason.
import { leadDeliveryIdle } from "~/leads/backend.server";
import { action as landingAction } from "~/routes/_index";
import { action as serviceStartAction } from "~/routes/iniciar-servicio";
import { action as plansAction } from "~/routes/mensual";

import { freshLeadEnvironment, post, spoolFiles, useLeadDestinations, VALID_CONTACT } from "../support/leads";
import { metricValue } from "../support/metrics";

const { destinations, dataDir } = useLeadDestinations();

const refused = (reason: string, form = "contact") => metricValue("leads_refused_total", { form, reason });

/** A multipart post of the service-start form whose logo weighs `megabytes`, sent without a declared length. */
async function heavyServiceStart(ip: string, megabytes: number) {
  const formData = new FormData();
  formData.append("nombre", "Marta Ruiz");
  formData.append("email", "marta@reformas.es");
  formData.append("logo", new File([new Uint8Array(megabytes * 1024 * 1024)], "logo.png", { type: "image/png" }));
  const encoded = new Response(formData);
  const request = new Request("http://localhost/iniciar-servicio", {
    method: "POST",
    headers: { "Content-Type": encoded.headers.get("content-type")! },
    body: await encoded.blob(),
  });
  const response = await serviceStartAction({ request, params: {}, context: { clientIp: ip } });
  return { status: response.status, data: (await response.json()) as { ok: boolean; toast?: { title: string } } };
}

beforeEach(async () => {
  await freshLeadEnvironment({ DATA_DIR: dataDir(), FORM_RATE_LIMIT: "3" });
});

describe("refused posts count toward FORM_RATE_LIMIT (3 here)", () => {
  it("posts declared over 1 MiB: 413 three times, then 429; a valid lead from that client is refused too", async () => {
    const before = { large: await refused("too_large"), limited: await refused("rate_limited") };
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      const request = new Request("http://localhost/", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(2 * 1024 * 1024) },
        body: "nombre=x",
      });
      statuses.push((await landingAction({ request, params: {}, context: { clientIp: "198.51.100.31" } })).status);
    }
    expect(statuses).toEqual([413, 413, 413, 429]);
    expect((await post(landingAction, VALID_CONTACT, { ip: "198.51.100.31" })).status).toBe(429);
    expect(await refused("too_large")).toBe(before.large + 3);
    expect(await refused("rate_limited")).toBe(before.limited + 2);
    // Another client is not affected.
    expect((await post(landingAction, VALID_CONTACT, { ip: "198.51.100.32" })).status).toBe(200);
  });

  it("multipart bodies of 9 MiB (read up to their 8 MiB cap): 413 three times, then 429 before reading", async () => {
    const before = await refused("too_large", "service_start");
    const answers = [];
    for (let index = 0; index < 4; index += 1) answers.push(await heavyServiceStart("198.51.100.33", 9));
    expect(answers.map((answer) => answer.status)).toEqual([413, 413, 413, 429]);
    expect(answers[3]!.data).toMatchObject({ ok: false, toast: { title: "Demasiados envíos" } });
    expect(await refused("too_large", "service_start")).toBe(before + 3);
  });

  it("honeypot posts: the usual success three times (nothing kept), then 429 like any other post", async () => {
    const before = { spam: await refused("spam"), limited: await refused("rate_limited") };
    const answers = [];
    for (let index = 0; index < 4; index += 1) {
      answers.push(
        await post(landingAction, { ...VALID_CONTACT, website: "https://spam.example" }, { ip: "198.51.100.34" }),
      );
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    // Still indistinguishable from a stored lead while it is answered 200.
    for (const answer of answers.slice(0, 3)) {
      expect(Object.keys(answer.data).sort()).toEqual(["form", "id", "ok"]);
      expect(answer.data).toMatchObject({ ok: true, form: "contacto", id: expect.any(String) });
    }
    expect(await refused("spam")).toBe(before.spam + 3);
    expect(await refused("rate_limited")).toBe(before.limited + 1);
    await leadDeliveryIdle();
    expect(spoolFiles(dataDir(), "pending")).toEqual([]);
    expect(destinations.attempts).toEqual([]);
  });

  it("a honeypot post gets exactly the shape of a stored lead's answer, receipt included", async () => {
    const fields = {
      nombre: "Marta Ruiz",
      email: "marta@reformas.es",
      telefono: "611 000 111",
      empresa: "Reformas Ruiz",
      descripcionNegocio: "Reformas",
      publicoObjetivo: "Particulares",
      serviciosProductos: "Cocinas",
      objetivos: "Presupuestos",
      planSeleccionado: "presencia-activa",
    };
    const real = await post(serviceStartAction, fields, { ip: "198.51.100.38", path: "/iniciar-servicio" });
    const bot = await post(
      serviceStartAction,
      { ...fields, website: "x" },
      { ip: "198.51.100.39", path: "/iniciar-servicio" },
    );
    expect([real.status, bot.status]).toEqual([200, 200]);
    expect(Object.keys(bot.data).sort()).toEqual(Object.keys(real.data).sort());
    expect(bot.data.receipt).toEqual(real.data.receipt);
    expect(bot.data.id).not.toBe(real.data.id);
  });

  it("posts naming no form (an unknown intent, or none): 400 three times, then 429", async () => {
    const before = { invalid: await refused("invalid", "unknown"), limited: await refused("rate_limited", "unknown") };
    const statuses = [];
    for (const intent of ["nada", "", "plan-inventado", "plan-mensual"]) {
      const fields = intent ? { intent, ...VALID_CONTACT } : { ...VALID_CONTACT };
      statuses.push((await post(plansAction, fields, { ip: "198.51.100.35", path: "/mensual" })).status);
    }
    expect(statuses).toEqual([400, 400, 400, 429]);
    expect(await refused("invalid", "unknown")).toBe(before.invalid + 3);
    expect(await refused("rate_limited", "unknown")).toBe(before.limited + 1);
  });

  it("unreadable bodies (not a form's content type, broken multipart) count too", async () => {
    const statuses = [];
    for (const contentType of ["application/json", "multipart/form-data", "text/plain", "application/json"]) {
      const request = new Request("http://localhost/", {
        method: "POST",
        headers: { "Content-Type": contentType },
        body: '{"nombre":"x"}',
      });
      statuses.push((await landingAction({ request, params: {}, context: { clientIp: "198.51.100.36" } })).status);
    }
    expect(statuses).toEqual([415, 400, 415, 429]);
  });

  it("a mix of refusals and leads shares one budget", async () => {
    const ip = "198.51.100.37";
    expect((await post(landingAction, { ...VALID_CONTACT, email: "no" }, { ip })).status).toBe(400);
    expect((await post(landingAction, { ...VALID_CONTACT, website: "x" }, { ip })).status).toBe(200);
    expect((await post(landingAction, VALID_CONTACT, { ip })).status).toBe(200);
    const fourth = await post(landingAction, VALID_CONTACT, { ip });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(500);
  });
});
