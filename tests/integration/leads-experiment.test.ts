// A lead sent from a page under an A/B experiment: the campaign form puts experimento and variante in the
// payload, the stored lead counts once for that variant, the visitor (the experiment cookie's id) converts
// once however many leads they send, and a refused or honeypot submission counts nothing.
import { type ActionFunctionArgs } from "@remix-run/node";

import { campaignLeadForm } from "~/forms/campaign";
import { handleLeadAction } from "~/leads/action.server";
import { experimentCounter, resetExperimentCounter } from "~/leads/backend.server";

import { post, useLeadDestinations } from "../support/leads";

const { destinations } = useLeadDestinations();
const experiment = { experimento: "titular-reformas", variante: "b" };
const form = campaignLeadForm(["empresa"], { pagina: "/reformas-madrid", campana: "Reformas", extra: experiment });
const action = (args: ActionFunctionArgs) => handleLeadAction(args, form, { experiment });
const LEAD = { nombre: "Ana García", email: "ana@empresa.es", telefono: "600 111 222", empresa: "Reformas SL" };
const ID = "QW5hLWJyb3dzZXItMDAwMQ";
const withCookie = { headers: { cookie: `cookie_consent=v1.a1.p0; experimentos=${ID}|titular-reformas.b` } };

beforeEach(() => resetExperimentCounter());

describe("a lead under an A/B experiment", () => {
  it("carries experimento and variante to both destinations and counts one lead for the variant", async () => {
    const answer = await post(action, { ...LEAD, website: "" });
    expect(answer.status).toBe(200);
    await vi.waitFor(() => expect(destinations.deliveries).toHaveLength(2), { timeout: 20_000, interval: 10 });
    for (const delivery of destinations.deliveries) {
      expect(delivery.body).toMatchObject({
        tipoFormulario: "Landing de campaña",
        nombre: "Ana García",
        ...experiment,
      });
    }
    // Without the experiment cookie's id the lead counts but converts nobody.
    expect(await experimentCounter().readCounts()).toEqual([
      { experiment: "titular-reformas", variant: "b", visitors: 0, conversions: 0, leads: 1 },
    ]);
    for (const delivery of destinations.deliveries) expect(JSON.stringify(delivery.body)).not.toContain(ID);
  });

  it("counts one conversion and three leads for one visitor sending three leads", async () => {
    // The server drew this browser into b (the page view that set its cookie).
    experimentCounter().countVisitor("titular-reformas", "b", ID);
    for (const nombre of ["Ana García", "Ana G.", "Ana"]) {
      expect((await post(action, { ...LEAD, nombre, website: "" }, withCookie)).status).toBe(200);
    }
    expect(await experimentCounter().readCounts()).toEqual([
      { experiment: "titular-reformas", variant: "b", visitors: 1, conversions: 1, leads: 3 },
    ]);
    // The id never leaves with the lead.
    await vi.waitFor(() => expect(destinations.deliveries).toHaveLength(6), { timeout: 20_000, interval: 10 });
    for (const delivery of destinations.deliveries) expect(JSON.stringify(delivery.body)).not.toContain(ID);
  });

  it("delivers a lead whose cookie names an id the server never assigned, counting it and converting nobody", async () => {
    experimentCounter().countVisitor("titular-reformas", "b", "THVpcy1icm93c2VyLTAwMQ");
    const minted = { headers: { cookie: `cookie_consent=v1.a1.p0; experimentos=${ID}|titular-reformas.b` } };
    expect((await post(action, { ...LEAD, website: "" }, minted)).status).toBe(200);
    await vi.waitFor(() => expect(destinations.deliveries).toHaveLength(2), { timeout: 20_000, interval: 10 });
    // The lead came from b's page: its payload says so, and it is one of b's leads.
    for (const delivery of destinations.deliveries) expect(delivery.body).toMatchObject(experiment);
    expect(await experimentCounter().readCounts()).toEqual([
      { experiment: "titular-reformas", variant: "b", visitors: 1, conversions: 0, leads: 1 },
    ]);
  });

  it("counts nothing for a refused submission or a filled honeypot, and gives the refused one its fields back", async () => {
    const refused = await post(action, { ...LEAD, email: "no-es-un-email", website: "" });
    expect(refused.status).toBe(400);
    expect(refused.data.values).toMatchObject({ nombre: "Ana García", email: "no-es-un-email" });
    expect(refused.data.fieldErrors).toHaveProperty("email");
    const bot = await post(action, { ...LEAD, website: "https://spam.example" }, withCookie);
    expect(bot.status).toBe(200);
    expect(await experimentCounter().readCounts()).toEqual([]);
  });

  it("counts nothing for a lead outside any experiment, even from a browser taking part in one", async () => {
    const plain = (args: ActionFunctionArgs) =>
      handleLeadAction(args, campaignLeadForm(["empresa"], { pagina: "/reformas-madrid", campana: "Reformas" }));
    expect((await post(plain, { ...LEAD, website: "" }, withCookie)).status).toBe(200);
    await vi.waitFor(() => expect(destinations.deliveries).toHaveLength(2), { timeout: 20_000, interval: 10 });
    for (const delivery of destinations.deliveries) expect(delivery.body).not.toHaveProperty("experimento");
    expect(await experimentCounter().readCounts()).toEqual([]);
  });
});
