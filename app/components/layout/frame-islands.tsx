/**
 * The parts of the page frame (app/root.tsx), kept as the server's HTML on a page that hydrates (the
 * 'server-html' islands of app/components/islands/island.tsx): their code is never downloaded with a page,
 * and React never renders them again. What the header and the cookie banner do is the frame script's
 * (app/components/frame/), on every page.
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

/** The full header: its menu, section links and scroll-spy are the frame script's. */
export const HeaderIsland = island("layout:Header", "server-html", () =>
  import("./Header").then((module) => module.Header),
);

/** The cookie banner: its choices and settings layer are the frame script's. */
export const CookieBannerIsland = island("layout:CookieBanner", "server-html", () =>
  import("./CookieBanner").then((module) => module.CookieBanner),
);
