/**
 * The rules that keep singleton pages single: they never appear in "create" menus, and their
 * documents keep only publish, discard and restore (no duplicate, no delete, no unpublish — the
 * page would vanish from the site). The publish of every type with a public path (sector and campaign
 * pages, app/lib/site-paths.ts) also redirects a renamed page's old address (actions/slug-redirect.ts). A campaign page's 'Duplicar' is 'Duplicar página'
 * (actions/duplicate-campaign.ts): the copy gets a free address at once; it also offers 'Probar una
 * variante' (actions/variant-experiment.ts). A sector page's is 'Duplicar sector'
 * (actions/duplicate-sector.ts): a copy without the original's address, featured flag or calculator name.
 * An ended experiment offers «Aplicar la ganadora» (actions/apply-winner.ts).
 */
import type { DocumentActionsResolver, NewDocumentOptionsResolver, TemplateResolver } from "sanity";
import { ApplyWinnerAction } from "./actions/apply-winner";
import { DuplicateCampaignAction } from "./actions/duplicate-campaign";
import { DuplicateSectorAction } from "./actions/duplicate-sector";
import { withSlugRedirect } from "./actions/slug-redirect";
import { VariantExperimentAction } from "./actions/variant-experiment";
import { hasPublicPath } from "../app/lib/site-paths";
import { SINGLETON_TYPES } from "./schemaTypes";

export const SINGLETON_ACTIONS: ReadonlySet<string> = new Set(["publish", "discardChanges", "restore"]);

export const templates: TemplateResolver = (previous) =>
  previous.filter((template) => !SINGLETON_TYPES.has(template.schemaType));

export const newDocumentOptions: NewDocumentOptionsResolver = (previous) =>
  previous.filter((option) => !SINGLETON_TYPES.has(option.templateId));

export const documentActions: DocumentActionsResolver = (previous, context) => {
  const type = context.schemaType;
  if (SINGLETON_TYPES.has(type)) {
    return previous.filter((action) => action.action !== undefined && SINGLETON_ACTIONS.has(action.action));
  }
  const actions = hasPublicPath(type)
    ? previous.map((action) => (action.action === "publish" ? withSlugRedirect(action, type) : action))
    : previous;
  if (type === "campaignPage") {
    return [
      ...actions.map((action) => (action.action === "duplicate" ? DuplicateCampaignAction : action)),
      VariantExperimentAction,
    ];
  }
  if (type === "sectorPage") {
    return actions.map((action) => (action.action === "duplicate" ? DuplicateSectorAction : action));
  }
  if (type === "experiment") return [...actions, ApplyWinnerAction];
  return actions;
};
