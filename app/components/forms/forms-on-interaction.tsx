/**
 * The page forms of `/`, `/contacto` and `/iniciar-servicio`, with their code fetched when the visitor
 * reaches for them (the 'on-interaction' islands of app/components/islands/island.tsx); until then the
 * server's form is on the page and works as without JavaScript. Routes list them in `islandsLoader`.
 */
import { island } from "~/components/islands/island";

export const ContactFormOnInteraction = island("form:contact", "on-interaction", () =>
  import("./ContactForm").then((module) => module.ContactForm),
);

export const ServiceStartFormOnInteraction = island("form:service-start", "on-interaction", () =>
  import("./ServiceStartForm").then((module) => module.ServiceStartForm),
);
