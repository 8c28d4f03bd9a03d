// A lead sent from a page under an A/B experiment: the campaign form puts experimento and variante in the
// payload, the stored lead counts once for that variant, and a refused or honeypot submission counts nothing.
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

beforeEach(() => resetExperimentCounter());

describe("a lead under an A/B experiment", () => {
  it("carries experimento and variante to both destinations and counts one lead for the variant", async () => {
    const answer = await post(action, { ...LEAD, website: "" });
    expect(answer.status).toBe(200);
    await vi.waitFor(() => expect(destinations.deliveries).toHaveLength(2), { timeout: 5000, interval: 10 });
    for (const delivery of destinations.deliveries) {
      expect(delivery.body).toMatchObject({
        tipoFormulario: "Landing de campaña",
        nombre: "Ana García",
        ...experiment,
      });
    }
    expect(await experimentCounter().readCounts()).toEqual([
      { experiment: "titular-reformas", variant: "b", visitors: 0, leads: 1 },
    ]);
  });

  it("counts nothing for a refused submission or a filled honeypot, and gives the refused one its fields back", async () => {
    const refused = await post(action, { ...LEAD, email: "no-es-un-email", website: "" });
    expect(refused.status).toBe(400);
    expect(refused.data.values).toMatchObject({ nombre: "Ana García", email: "no-es-un-email" });
    expect(refused.data.fieldErrors).toHaveProperty("email");
    const bot = await post(action, { ...LEAD, website: "https://spam.example" });
    expect(bot.status).toBe(200);
    expect(await experimentCounter().readCounts()).toEqual([]);
  });

  it("counts nothing for a lead outside any experiment", async () => {
    const plain = (args: ActionFunctionArgs) =>
      handleLeadAction(args, campaignLeadForm(["empresa"], { pagina: "/reformas-madrid", campana: "Reformas" }));
    expect((await post(plain, { ...LEAD, website: "" })).status).toBe(200);
    await vi.waitFor(() => expect(destinations.deliveries).toHaveLength(2), { timeout: 5000, interval: 10 });
    for (const delivery of destinations.deliveries) expect(delivery.body).not.toHaveProperty("experimento");
    expect(await experimentCounter().readCounts()).toEqual([]);
  });
});
