/**
 * The sector icons a sector page may name in `hero.icon` (docs/content-model.md), drawn inline
 * (24×24, stroke-based, no external assets). Decorative: the sector name always stands beside it.
 */
import type { ReactNode } from "react";

import { SvgIcon } from "./Icon";

const SECTOR_ICONS = {
  building: (
    <>
      <path d="M4 21V5a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v16M15 9h4a1 1 0 0 1 1 1v11M3 21h18" />
      <path d="M8 8h3M8 12h3M8 16h3" />
    </>
  ),
  code: <path d="M8 7l-5 5 5 5M16 7l5 5-5 5M14 4l-4 16" />,
  tooth: (
    <path d="M7 3C4.5 3 3 5 3 7.5c0 3 1.5 4.5 2 7 .5 3 1 6.5 2.5 6.5 2 0 1.5-6 4.5-6s2.5 6 4.5 6c1.5 0 2-3.5 2.5-6.5.5-2.5 2-4 2-7C21 5 19.5 3 17 3c-2 0-3 1-5 1S9 3 7 3Z" />
  ),
  graduation: (
    <>
      <path d="M2 9l10-5 10 5-10 5L2 9Z" />
      <path d="M6 11v5c0 1.5 2.7 3 6 3s6-1.5 6-3v-5M22 9v6" />
    </>
  ),
  briefcase: (
    <>
      <rect x="3" y="7" width="18" height="13" rx="2" />
      <path d="M8 7V5a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M3 13h18" />
    </>
  ),
  utensils: <path d="M6 3v7a2 2 0 0 0 4 0V3M8 12v9M17 21V3c-2 1-3.5 3.5-3.5 7v3H17" />,
  cart: (
    <>
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2 3h3l2.5 12h11.5l2-8H6.2" />
    </>
  ),
  truck: (
    <>
      <path d="M2 6h12v10H2zM14 10h4l3 3v3h-7" />
      <circle cx="6" cy="18" r="2" />
      <circle cx="17" cy="18" r="2" />
    </>
  ),
  ruler: (
    <>
      <path d="M3 17L17 3l4 4L7 21l-4-4Z" />
      <path d="M7 13l2 2M10 10l2 2M13 7l2 2" />
    </>
  ),
  cpu: (
    <>
      <rect x="6" y="6" width="12" height="12" rx="1.5" />
      <rect x="9.5" y="9.5" width="5" height="5" />
      <path d="M9 2v4M15 2v4M9 18v4M15 18v4M2 9h4M2 15h4M18 9h4M18 15h4" />
    </>
  ),
  car: (
    <>
      <path d="M5 16.5H3V12l2-5a2 2 0 0 1 1.9-1.4h10.2A2 2 0 0 1 19 7l2 5v4.5h-2M3 12h18M9.5 16.5h5" />
      <circle cx="7.5" cy="16.5" r="2" />
      <circle cx="16.5" cy="16.5" r="2" />
    </>
  ),
  shield: (
    <>
      <path d="M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6l8-3Z" />
      <rect x="9" y="11" width="6" height="5" rx="1" />
      <path d="M10.5 11V9.5a1.5 1.5 0 0 1 3 0V11" />
    </>
  ),
  bolt: <path d="M13 3L5 13.5h6L10 21l8-10.5h-6L13 3Z" />,
  landmark: <path d="M3 21h18M4 10h16M12 3l8 5H4l8-5ZM6 10v8M10 10v8M14 10v8M18 10v8" />,
  factory: (
    <>
      <path d="M3 21V10l5 3v-3l5 3v-3l5 3V4h3v17H3Z" />
      <path d="M7 17h2M12 17h2" />
    </>
  ),
  cog: (
    <>
      <circle cx="12" cy="12" r="3" />
      <circle cx="12" cy="12" r="6.5" />
      <path d="M12 2.5v3M12 18.5v3M2.5 12h3M18.5 12h3M5.3 5.3l2.1 2.1M16.6 16.6l2.1 2.1M5.3 18.7l2.1-2.1M16.6 7.4l2.1-2.1" />
    </>
  ),
  calendar: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4M8 14h2M14 14h2M8 17.5h2" />
    </>
  ),
  printer: (
    <>
      <path d="M7 9V3h10v6" />
      <rect x="3" y="9" width="18" height="8" rx="2" />
      <path d="M7 14h10v7H7z" />
    </>
  ),
  home: (
    <>
      <path d="M3 11l9-8 9 8" />
      <path d="M5 9.5V21h14V9.5M10 21v-6h4v6" />
    </>
  ),
  wrench: (
    <path d="M15 3.5a5 5 0 0 0-4.6 6.9L3.6 17.2a2 2 0 0 0 2.8 2.8l6.8-6.8A5 5 0 0 0 20.5 9l-3 3-3-1-1-3 3-3a5 5 0 0 0-1.5-1.5Z" />
  ),
  scale: <path d="M12 3v18M7 21h10M5 7h14M5 7l-3 7a3.5 3.5 0 0 0 6 0L5 7ZM19 7l-3 7a3.5 3.5 0 0 0 6 0l-3-7Z" />,
  sparkles: (
    <path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8L12 3ZM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8L19 15Z" />
  ),
  package: (
    <>
      <path d="M12 3l8 4.5v9L12 21l-8-4.5v-9L12 3Z" />
      <path d="M4 7.5l8 4.5 8-4.5M12 12v9M8 5.2l8 4.6" />
    </>
  ),
  hammer: (
    <>
      <path d="M13.5 9.5L4 19a1.4 1.4 0 0 0 2 2l9.5-9.5" />
      <path d="M11 7l4-4 2 1 4 4-2 2-1.5-1.5L15 11l-4-4Z" />
    </>
  ),
  megaphone: (
    <>
      <path d="M4 10v4a1 1 0 0 0 1 1h2l8 4V5L7 9H5a1 1 0 0 0-1 1Z" />
      <path d="M18.5 9.5a3.5 3.5 0 0 1 0 5M8 15l1 5h2.5" />
    </>
  ),
  users: (
    <>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M2.5 20c.8-3.5 3.3-5.5 6.5-5.5s5.7 2 6.5 5.5M16 4.7a3.5 3.5 0 0 1 0 6.6M18 14.8c1.8.8 3 2.5 3.5 5.2" />
    </>
  ),
  heart: <path d="M12 20s-8-4.7-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.3 12 20 12 20Z" />,
  leaf: (
    <>
      <path d="M6 18c-1-8 4-13 14-13 0 10-5 15-13 14" />
      <path d="M4 21c3-5 6-8 10-10" />
    </>
  ),
  handshake: (
    <>
      <path d="M2 9l4-3 4 1.5M22 9l-4-3-5 2-4 3.5a1.5 1.5 0 0 0 2 2l3-2 5 4.5" />
      <path d="M2 9v5l7 6 2-1 2 1 1.5-1.5M22 9v5l-3 3M6 15l2-2M9 17.5l2-2" />
    </>
  ),
  monitor: (
    <>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M8 20h8M12 16v4" />
    </>
  ),
  antenna: (
    <>
      <circle cx="12" cy="10" r="2" />
      <path d="M12 12v9M9 21h6M8.5 6.5a5 5 0 0 0 0 7M15.5 6.5a5 5 0 0 1 0 7M5.5 3.5a9 9 0 0 0 0 13M18.5 3.5a9 9 0 0 1 0 13" />
    </>
  ),
  laptop: (
    <>
      <rect x="5" y="5" width="14" height="10" rx="1.5" />
      <path d="M2 19h20l-2-4H4l-2 4Z" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type SectorIconName = keyof typeof SECTOR_ICONS;

/** Drawn when the content names an icon this site does not know. */
const FALLBACK_ICON: SectorIconName = "briefcase";

export function SectorIcon({ name, className = "h-6 w-6" }: { name?: string | null; className?: string }) {
  const key = name && Object.hasOwn(SECTOR_ICONS, name) ? (name as SectorIconName) : FALLBACK_ICON;
  return <SvgIcon className={className}>{SECTOR_ICONS[key]}</SvgIcon>;
}
