/**
 * The sector icons a sector page may name in `hero.icon` (docs/content-model.md), drawn inline
 * (24×24, stroke-based, no external assets) from shapes written the way `icon-shapes.tsx` describes; the ones
 * drawn exactly like a site icon reuse its shapes. Decorative: the sector name always stands beside it.
 */
import { ICON_SHAPES, type IconShapes, SvgIcon } from "./icon-shapes";

const SECTOR_ICONS = {
  building: ["M4 21V5a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v16M15 9h4a1 1 0 0 1 1 1v11M3 21h18", "M8 8h3M8 12h3M8 16h3"],
  code: ["M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16"],
  tooth: [
    "M7 3C4.5 3 3 5 3 7.5c0 3 1.5 4.5 2 7 .5 3 1 6.5 2.5 6.5 2 0 1.5-6 4.5-6s2.5 6 4.5 6c1.5 0 2-3.5 2.5-6.5.5-2.5 2-4 2-7C21 5 19.5 3 17 3c-2 0-3 1-5 1S9 3 7 3Z",
  ],
  graduation: ["M2 9l10-5 10 5-10 5L2 9Z", "M6 11v5c0 1.5 2.7 3 6 3s6-1.5 6-3v-5M22 9v6"],
  briefcase: ["rect 3 7 18 13 2", "M8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M3 13h18"],
  utensils: ["M6 3v7a2 2 0 0 0 4 0V3M8 12v9M17 21V3c-2 1-3.5 3.5-3.5 7v3H17"],
  cart: ["circle 9 20 1.5", "circle 18 20 1.5", "M2 3h3l2.5 12h11.5l2-8H6.2"],
  truck: ["M2 6h12v10H2zM14 10h4l3 3v3h-7", "circle 6 18 2", "circle 17 18 2"],
  ruler: ["M3 17L17 3l4 4L7 21l-4-4Z", "M7 13l2 2M10 10l2 2M13 7l2 2"],
  cpu: ["rect 6 6 12 12 1.5", "rect 9.5 9.5 5 5", "M9 2v4M15 2v4M9 18v4M15 18v4M2 9h4M2 15h4M18 9h4M18 15h4"],
  car: [
    "M5 16.5H3V12l2-5a2 2 0 0 1 1.9-1.4h10.2A2 2 0 0 1 19 7l2 5v4.5h-2M3 12h18M9.5 16.5h5",
    "circle 7.5 16.5 2",
    "circle 16.5 16.5 2",
  ],
  shield: [
    "M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6l8-3Z",
    "rect 9 11 6 5 1",
    "M10.5 11V9.5a1.5 1.5 0 0 1 3 0V11",
  ],
  bolt: ICON_SHAPES.bolt,
  landmark: ["M3 21h18M4 10h16M12 3l8 5H4l8-5ZM6 10v8M10 10v8M14 10v8M18 10v8"],
  factory: ["M3 21V10l5 3v-3l5 3v-3l5 3V4h3v17H3Z", "M7 17h2M12 17h2"],
  cog: [
    "circle 12 12 3",
    "circle 12 12 6.5",
    "M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1",
  ],
  calendar: ["rect 3 5 18 16 2", "M3 10h18M8 3v4M16 3v4M8 14h2M14 14h2M8 17.5h2"],
  printer: ["M7 9V3h10v6", "rect 3 9 18 8 2", "M7 14h10v7H7z"],
  home: ["M3 11l9-8 9 8", "M5 9.5V21h14V9.5M10 21v-6h4v6"],
  wrench: [
    "M15 3.5a5 5 0 0 0-4.6 6.9L3.6 17.2a2 2 0 0 0 2.8 2.8l6.8-6.8A5 5 0 0 0 20.5 9l-3 3-3-1-1-3 3-3a5 5 0 0 0-1.5-1.5Z",
  ],
  scale: ["M12 3v18M7 21h10M5 7h14M5 7l-3 7a3.5 3.5 0 0 0 6 0L5 7ZM19 7l-3 7a3.5 3.5 0 0 0 6 0l-3-7Z"],
  sparkles: ICON_SHAPES.sparkles,
  package: ["M12 3l8 4.5v9L12 21l-8-4.5v-9L12 3Z", "M4 7.5l8 4.5 8-4.5M12 12v9M8 5.2l8 4.6"],
  hammer: ["M13.5 9.5L4 19a1.4 1.4 0 0 0 2 2l9.5-9.5", "M11 7l4-4 2 1 4 4-2 2-1.5-1.5L15 11l-4-4Z"],
  megaphone: ICON_SHAPES.megaphone,
  users: ICON_SHAPES.users,
  heart: ["M12 20s-8-4.7-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.3 12 20 12 20Z"],
  leaf: ["M6 18c-1-8 4-13 14-13 0 10-5 15-13 14", "M4 21c3-5 6-8 10-10"],
  handshake: [
    "M2 9l4-3 4 1.5M22 9l-4-3-5 2-4 3.5a1.5 1.5 0 0 0 2 2l3-2 5 4.5",
    "M2 9v5l7 6 2-1 2 1 1.5-1.5M22 9v5l-3 3M6 15l2-2M9 17.5l2-2",
  ],
  monitor: ["rect 3 4 18 12 2", "M8 20h8M12 16v4"],
  antenna: [
    "circle 12 10 2",
    "M12 12v9M9 21h6M8.5 6.5a5 5 0 0 0 0 7M15.5 6.5a5 5 0 0 1 0 7M5.5 3.5a9 9 0 0 0 0 13M18.5 3.5a9 9 0 0 1 0 13",
  ],
  laptop: ["rect 5 5 14 10 1.5", "M2 19h20l-2-4H4l-2 4Z"],
} satisfies Record<string, IconShapes>;

export type SectorIconName = keyof typeof SECTOR_ICONS;

/** Drawn when the content names an icon this site does not know. */
const FALLBACK_ICON: SectorIconName = "briefcase";

export function SectorIcon({ name, className = "h-6 w-6" }: { name?: string | null; className?: string }) {
  const key = name && Object.hasOwn(SECTOR_ICONS, name) ? (name as SectorIconName) : FALLBACK_ICON;
  return <SvgIcon shapes={SECTOR_ICONS[key]} className={className} />;
}
