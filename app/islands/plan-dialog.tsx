// A plan form of `/mensual` (its section without JavaScript, its dialog once live), as an island
// (app/components/forms/forms-on-interaction.tsx, app/components/islands/page-island.tsx).
import PlanDialogModal from "~/components/forms/PlanDialogModal";
import { islandEntry } from "~/components/islands/mount";

export const { mount, prepare } = islandEntry(PlanDialogModal);
