/**
 * The parts of the page frame (app/root.tsx) that are links and text only, kept as the server's HTML (the
 * 'server-html' islands of app/components/islands/island.tsx): their code is never downloaded with a page.
 * The full header, the cookie banner and the footer (its cookie settings link) stay live.
 */
import { island } from "~/components/islands/island";

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
