/**
 * The campaign blocks' server steps (server-steps.server.ts): an import and a line in `SERVER_STEPS` for
 * each block whose folder has a `block.server.ts`. The page's loader and action (campaign-page.server.ts)
 * and its head (meta.server.ts) go through the functions here, so none of them names a block.
 */
import { INTENT_FIELD } from "~/forms/shared";

import calculator from "./calculator/block.server";
import faq from "./faq/block.server";
import hero from "./hero/block.server";
import leadForm from "./lead-form/block.server";
import type { RenderedBlock } from "./registry";
import sectorFigures from "./sector-figures/block.server";
import type { BlockHead, BlockRequest, BlockServer, LeadPage } from "./server-steps.server";
import type { CampaignBlock } from "./types";

const SERVER_STEPS: readonly BlockServer[] = [hero, sectorFigures, calculator, faq, leadForm];

const byType = new Map(SERVER_STEPS.map((steps) => [steps.type, steps]));

/** Each block as its component renders it, in order: its `load` step's answer, or the block as read. */
export function loadBlocks(blocks: readonly CampaignBlock[], request: BlockRequest): Promise<RenderedBlock[]> {
  return Promise.all(
    blocks.map(async (block) => {
      const load = byType.get(block._type)?.load;
      return (load ? await load(block, request) : block) as RenderedBlock;
    }),
  );
}

/** What the blocks that have a say put in the page's <head>, in their order. */
export function blockHeads(blocks: readonly CampaignBlock[]): BlockHead[] {
  return blocks.flatMap((block) => {
    const head = byType.get(block._type)?.head;
    return head ? [head(block)] : [];
  });
}

const formSteps = SERVER_STEPS.flatMap((steps) => (steps.leadForm ? [{ type: steps.type, ...steps.leadForm }] : []));

/**
 * The page's lead forms for its action (app/leads/action.server.ts): a post goes to the form its `intent`
 * names, else to a form that claims its fields, else to the form that claims none; undefined (refused)
 * when the page has no block of that form.
 */
export function blockLeadForms(blocks: readonly CampaignBlock[], page: LeadPage) {
  return (formData: FormData) => {
    const intent = formData.get(INTENT_FIELD);
    const step =
      formSteps.find((form) => form.kind === intent) ??
      formSteps.find((form) => form.claims?.(formData)) ??
      formSteps.find((form) => !form.claims);
    const block = step && blocks.find((candidate) => candidate._type === step.type);
    return block ? step.form(block, page) : undefined;
  };
}
