/**
 * What a campaign block does on the server besides its fragment, declared in its folder's
 * `block.server.ts` with `defineBlockServer` and listed in registry.server.ts. Every step is optional:
 *
 * - `load` turns the block as the query read it into what its component renders (the block's `R` in its
 *   block.ts), for the page's address; without it the block is sent as read.
 * - `leadForm`: a block that is a lead form gives the page's action its form (fields, check, payload) for
 *   the page it was posted from, and how a post is told to be its own.
 * - `head`: its part of the page's <head>: the social card's source and description, structured data.
 *
 * The page's loader and action (campaign-page.server.ts) and its head (meta.server.ts) call these through
 * the registry and name no block. A `.server` module: the browser never downloads it.
 */
import type { LeadFormDefinition } from "~/forms/shared";
import type { HeroCardSource } from "~/social-cards/card-content";

import type { BlockDefinition } from "./definition";
import type { BlockOf, BlockType, CampaignBlock } from "./types";

/** What a block's `load` reads of the request. */
export interface BlockRequest {
  /** The page's address (its search parameters open the calculator as /calculadora's do). */
  url: URL;
}

/** The page a lead was sent from: its path and title, and fields the page adds (an experiment's). */
export interface LeadPage {
  pagina: string;
  campana: string;
  extra?: Record<string, string>;
}

// The forms' input types differ; the action only passes them on (app/leads/action.server.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyLeadFormDefinition = LeadFormDefinition<any>;

/** A block that is a lead form: what the page's action needs of it. */
export interface BlockLeadForm<T extends BlockType> {
  /** The form's `intent` value (INTENT_FIELD): a post naming it is this form's. */
  kind: string;
  /**
   * A post naming no known form is this form's when this says so (fields only it posts). A form without
   * it takes what no other form claims.
   */
  claims?: (formData: FormData) => boolean;
  /** The form of this block on `page`, payload included. */
  form: (block: BlockOf<T>, page: LeadPage) => AnyLeadFormDefinition;
}

/** A block's part of the page's <head>. */
export interface BlockHead {
  /** The social card's source: the first block giving one draws the page's card. */
  card?: HeroCardSource;
  /** The page's description when its SEO fields have none (with the card's source). */
  description?: string | null;
  /** schema.org data: the first block that has a say gives the page's (none when its answer is null). */
  structuredData?: Record<string, unknown> | null;
}

type LoadStep<T extends BlockType, R> = (block: BlockOf<T>, request: BlockRequest) => R | Promise<R>;

/** `load` is required when what the component renders is not the block as read. */
type Loads<T extends BlockType, R> = [BlockOf<T>] extends [R] ? { load?: LoadStep<T, R> } : { load: LoadStep<T, R> };

export type BlockServerSource<T extends BlockType, R extends { _type: T; _key: string }> = Loads<T, R> & {
  /** The block's definition (its block.ts): its type, and what `load` must make. */
  definition: BlockDefinition<T, R>;
  leadForm?: BlockLeadForm<T>;
  head?: (block: BlockOf<T>) => BlockHead;
};

/** A registered block's server steps, as the registry calls them (any block of its type). */
export interface BlockServer {
  type: BlockType;
  load?: (block: CampaignBlock, request: BlockRequest) => unknown;
  leadForm?: BlockLeadForm<BlockType> & { form: (block: CampaignBlock, page: LeadPage) => AnyLeadFormDefinition };
  head?: (block: CampaignBlock) => BlockHead;
}

/** A block's server steps, typed against its definition once, here. */
export function defineBlockServer<T extends BlockType, R extends { _type: T; _key: string }>(
  source: BlockServerSource<T, R>,
): BlockServer {
  const { definition, leadForm, head } = source;
  const load = (source as { load?: LoadStep<T, R> }).load;
  // The registry hands each step blocks of its own type only.
  const own = (block: CampaignBlock) => block as BlockOf<T>;
  return {
    type: definition.type,
    ...(load ? { load: (block, request) => load(own(block), request) } : {}),
    ...(leadForm ? { leadForm: { ...leadForm, form: (block, page) => leadForm.form(own(block), page) } } : {}),
    ...(head ? { head: (block) => head(own(block)) } : {}),
  };
}
