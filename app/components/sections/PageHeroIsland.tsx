/**
 * The page hero of the form pages (/contacto, /iniciar-servicio) and of /sectores kept as the server's HTML: text only,
 * so its code is never downloaded there (the 'server-html' islands of app/components/islands/island.tsx).
 */
import { island } from "~/components/islands/island";

export const PageHeroIsland = island("section:PageHero", "server-html", () =>
  import("./PageHero").then((module) => module.PageHero),
);
