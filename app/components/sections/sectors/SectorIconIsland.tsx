/**
 * A sector's icon in /sectores' cards. The icons keep the server's HTML: their drawings (every sector's,
 * 1.3 KB compressed) are only downloaded to draw them in the browser, after a client-side navigation
 * here. A module of its own: the route lists it in its `clientLoader` without importing the cards' code.
 */
import { island } from "~/components/islands/island";

export const SectorIconIsland = island(
  "icon:sector",
  "server-html",
  () => import("~/components/ui/SectorIcon").then((module) => module.SectorIcon),
  { as: "span" },
);
