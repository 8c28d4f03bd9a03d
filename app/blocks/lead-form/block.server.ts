/** The lead form block on the server: its form (the fields it lists) for the page's action. */
import { CAMPAIGN_FORM_KIND, campaignLeadForm } from "~/forms/campaign";

import { defineBlockServer } from "../server-steps.server";
import definition from "./block";

export default defineBlockServer({
  definition,
  // Takes what no other form claims: the page's own lead form.
  leadForm: { kind: CAMPAIGN_FORM_KIND, form: (block, page) => campaignLeadForm(block.fields, page) },
});
