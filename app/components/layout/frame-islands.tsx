/**
 * The parts of the page frame (app/root.tsx) that are links and text only, kept as the server's HTML (the
 * 'server-html' islands of app/components/islands/island.tsx): their code is never downloaded with a page.
 * The full header and the cookie banner stay live (the banner answers the footer's cookie settings link).
 */
import { island } from "~/components/islands/island";

export { PAGE_END_ID } from "./page-end";

/** The footer: its links, the contact address, the cookie settings link. */
export const FooterIsland = island("layout:Footer", "server-html", () =>
  import("./Footer").then((module) => module.Footer),
);

/** The floating WhatsApp link. */
export const WhatsAppIsland = island("layout:WhatsAppButton", "server-html", () =>
  import("./WhatsAppButton").then((module) => module.WhatsAppButton),
);

/** A focused campaign page's header: the logo and the phone. */
export const MinimalHeaderIsland = island("layout:MinimalHeader", "server-html", () =>
  import("./MinimalHeader").then((module) => module.MinimalHeader),
);

/** The 404 page's text and its way back home. */
export const NotFoundIsland = island("layout:NotFound", "server-html", () =>
  import("./NotFound").then((module) => module.NotFound),
);
