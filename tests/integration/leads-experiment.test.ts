// A lead sent from a page under an A/B experiment: the payload carries experimento and variante, the
// stored lead counts for that variant, and a refused or honeypot submission counts nothing.
import { type ActionFunctionArgs } from "@remix-run/node";

import { contactForm } from "~/forms/contact";
import { handleLeadAction } from "~/leads/action.server";
import { getExperimentCounter, resetExperimentCounter } from "~/leads/experiment-counts.server";

import { post, useLeadDestinations, VALID_CONTACT } from "../support/leads";

const { destinations } = useLeadDestinations();
const experiment = { experimento: "titular-reformas", variante: "b" };
const action = (args: ActionFunctionArgs) => handleLeadAction(args, contactForm, { experiment });

beforeEach(() => resetExperimentCounter());

async function variantCounts() {
  return getExperimentCounter().readCounts();
}

describe("a lead under an A/B experiment", () => {
  it("carries experimento and variante to both destinations and counts one lead for the variant", async () => {
    const answer = await post(action, { ...VALID_CONTACT, website: "" });
    expect(answer.status).toBe(200);
    await vi.waitFor(() => expect(destinations.deliveries).toHaveLength(2), { timeout: 5000, interval: 10 });
    for (const delivery of destinations.deliveries) {
      expect(delivery.body).toMatchObject({ tipoFormulario: "Contacto General", nombre: "Ana García", ...experiment });
    }
    expect(await variantCounts()).toEqual([{ experiment: "titular-reformas", variant: "b", visitors: 0, leads: 1 }]);
  });

  it("counts nothing for a refused submission or a filled honeypot, and keeps every field of the refused one", async () => {
    const refused = await post(action, { ...VALID_CONTACT, email: "no-es-un-email", website: "" });
    expect(refused.status).toBe(400);
    expect(refused.data.values).toMatchObject({ nombre: "Ana García", email: "no-es-un-email" });
    const bot = await post(action, { ...VALID_CONTACT, website: "https://spam.example" });
    expect(bot.status).toBe(200);
    expect(await variantCounts()).toEqual([]);
  });

  it("adds nothing to the payload of a lead outside any experiment", async () => {
    const plain = (args: ActionFunctionArgs) => handleLeadAction(args, contactForm);
    expect((await post(plain, { ...VALID_CONTACT, website: "" })).status).toBe(200);
    await vi.waitFor(() => expect(destinations.deliveries).toHaveLength(2), { timeout: 5000, interval: 10 });
    for (const delivery of destinations.deliveries) {
      expect(delivery.body).not.toHaveProperty("experimento");
      expect(delivery.body).not.toHaveProperty("variante");
    }
    expect(await variantCounts()).toEqual([]);
  });
});
