/**
 * A campaign page's route on the server: the loader data (the blocks it can show, the calculator's data
 * when it has a calculator block, each sector figures block's projection, and in draft preview only the
 * blocks' click-to-edit attributes) and the action that takes its leads. Both start from the page the
 * content door resolves for the path (`getCampaignPage`), or from a page a caller already chose (an
 * experiment's variant), so the route stays a few lines. docs/content-model.md, 'Campaign pages'.
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { createDataAttribute } from "@sanity/visual-editing/create-data-attribute";

import { getCampaignPage, inPreview } from "~/content/index.server";
import { projectSector } from "~/domain/projection";
import { calculatorLeadForm } from "~/forms/calculator-lead";
import { CAMPAIGN_FORM_KIND, campaignLeadForm, withPayloadFields } from "~/forms/campaign";
import { INTENT_FIELD } from "~/forms/shared";
import { handleLeadAction, type LeadActionOptions } from "~/leads/action.server";
import { loadCalculator } from "~/lib/calculator.server";
import { sanityStudioUrl } from "~/lib/env.server";
import { redirectOrNotFound } from "~/lib/redirects.server";

import type { BlockOf, CampaignBlock, CampaignPage } from "./types";
import { usableBlocks } from "./usable-blocks.server";

/** A page the path shows, or the redirect or 404 answer (thrown) when it shows none. */
export async function requireCampaignPage(request: Request): Promise<CampaignPage> {
  const page = await getCampaignPage(new URL(request.url).pathname);
  return page ?? redirectOrNotFound(request);
}

/** Each block's `data-sanity` attribute (document, type and `blocks[_key=="…"]` path) for the overlay. */
function editAttributes(page: CampaignPage, blocks: readonly CampaignBlock[]): Record<string, string> {
  const attribute = createDataAttribute({ id: page._id, type: "campaignPage", baseUrl: sanityStudioUrl() });
  return Object.fromEntries(blocks.map((block) => [block._key, attribute(["blocks", { _key: block._key }])]));
}

function withFigures(block: CampaignBlock) {
  if (block._type !== "sectorFiguresBlock") return block;
  const { stats, projection } = block.sector;
  return { ...block, figures: projectSector({ stats, fixedInvestments: projection?.fixedInvestments }) };
}

/** The campaign route's loader data for `page`, rendered at the request's address. */
export async function campaignPageData(page: CampaignPage, request: Request) {
  const blocks = await usableBlocks(page.blocks, page._id);
  const calculatorBlock = blocks.find(
    (block): block is BlockOf<"calculatorBlock"> => block._type === "calculatorBlock",
  );
  const calculator = calculatorBlock
    ? await loadCalculator(new URL(request.url), { defaultSector: calculatorBlock.sector?.calculatorName })
    : null;
  const preview = await inPreview();
  return {
    page: {
      _id: page._id,
      title: page.title,
      slug: page.slug,
      seo: page.seo,
      minimalHeader: page.minimalHeader === true,
      formTexts: page.formTexts,
    },
    blocks: blocks.map(withFigures),
    calculator,
    // Only in draft preview: public answers carry no editing data.
    ...(preview ? { edit: editAttributes(page, blocks) } : {}),
  };
}

/** Fields only the calculator's lead form posts. */
const CALCULATOR_ONLY_FIELDS = ["sectorCalculadora", "porcentajeConversion", "beneficioPorCliente", "planSeleccionado"];

/**
 * Takes a lead posted to a campaign page: the calculator block's form (told apart by its own fields or
 * `intent`) delivers exactly as /calculadora's; anything else is the page's lead form block, with the
 * page's path and title. A participant's experiment variant (app/experiments/campaign.server.ts) joins
 * either payload as `experimento` / `variante`, and the stored lead counts for it.
 */
export async function campaignLeadAction(
  args: Pick<ActionFunctionArgs, "request" | "context">,
  { page, experiment = null }: { page?: CampaignPage } & LeadActionOptions = {},
) {
  const extra = experiment ?? undefined;
  const chosen = page ?? (await requireCampaignPage(args.request));
  const blocks = await usableBlocks(chosen.blocks, chosen._id);
  const leadBlock = blocks.find((block): block is BlockOf<"leadFormBlock"> => block._type === "leadFormBlock");
  const hasCalculator = blocks.some((block) => block._type === "calculatorBlock");
  const campaignForm = leadBlock
    ? campaignLeadForm(leadBlock.fields, { pagina: `/${chosen.slug}`, campana: chosen.title, extra })
    : undefined;
  const calculatorForm = hasCalculator ? withPayloadFields(calculatorLeadForm, extra) : undefined;
  return handleLeadAction(
    args,
    (formData) => {
      const intent = formData.get(INTENT_FIELD);
      const calculatorPost =
        intent === calculatorLeadForm.kind ||
        (intent !== CAMPAIGN_FORM_KIND && CALCULATOR_ONLY_FIELDS.some((field) => formData.has(field)));
      return calculatorPost ? calculatorForm : campaignForm;
    },
    { experiment },
  );
}
