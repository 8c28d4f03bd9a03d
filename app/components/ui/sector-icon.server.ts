/**
 * SectorIcon for the server's render of the sectors directory. The browser never gets this module: it
 * keeps the icons' server HTML and loads SectorIcon.tsx only to draw them itself (SectorGrid.tsx).
 */
export { SectorIcon } from "./SectorIcon";
