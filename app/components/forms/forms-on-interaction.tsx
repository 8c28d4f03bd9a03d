/**
 * The page forms of `/`, `/contacto` and `/iniciar-servicio` as islands (app/components/islands/page-island.tsx):
 * the server's form works as without JavaScript until the visitor reaches for it; then its entry
 * (app/islands/) brings React and the live form.
 */
import { pageIsland } from "~/components/islands/page-island";

import { ContactForm } from "./ContactForm";
import { ServiceStartForm } from "./ServiceStartForm";

export const ContactFormOnInteraction = pageIsland("contact-form", ContactForm);

export const ServiceStartFormOnInteraction = pageIsland("service-start-form", ServiceStartForm);
