/**
 * The page forms of `/`, `/contacto`, `/iniciar-servicio` and `/mensual` as islands
 * (app/components/islands/page-island.tsx): the server's form works as without JavaScript until the visitor
 * reaches for it; then its entry (app/islands/) brings React and the live form.
 */
import { pageIsland } from "~/components/islands/page-island";

import { ContactForm } from "./ContactForm";
import PlanDialogModal from "./PlanDialogModal";
import { ServiceStartForm } from "./ServiceStartForm";

export const ContactFormOnInteraction = pageIsland("contact-form", ContactForm);

export const ServiceStartFormOnInteraction = pageIsland("service-start-form", ServiceStartForm);

/**
 * A plan form of `/mensual` (the monthly plan, the CPL analysis): an in-page section at its `id` without
 * JavaScript, a dialog once live that every link to `#id` opens (plan-dialogs/PlanDialog.tsx).
 */
export const PlanDialogOnInteraction = pageIsland("plan-dialog", PlanDialogModal, [], { opensAt: (props) => props.id });
