/**
 * The page forms of `/`, `/contacto` and `/iniciar-servicio`, with their code fetched when the visitor
 * reaches for them (app/components/islands/on-interaction.tsx); until then the server's form is on the
 * page and works as without JavaScript. Routes list `X.module` in their `staticContentLoader`.
 */
import { liveOnInteraction } from "~/components/islands/on-interaction";

import { serverForms } from "./forms-on-demand.server";

export const OnDemandContactForm = liveOnInteraction("contact", serverForms?.ContactForm, () =>
  import("./ContactForm").then((module) => module.ContactForm),
);

export const OnDemandServiceStartForm = liveOnInteraction("service-start", serverForms?.ServiceStartForm, () =>
  import("./ServiceStartForm").then((module) => module.ServiceStartForm),
);
