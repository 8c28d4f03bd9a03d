// A campaign page's lead form block, as an island (app/blocks/definition.tsx, app/components/islands/page-island.tsx).
import { LeadFormBlock } from "~/blocks/lead-form/LeadFormBlock";
import { islandEntry } from "~/components/islands/mount";

export const { mount, prepare } = islandEntry(LeadFormBlock);
