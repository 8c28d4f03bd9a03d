/**
 * The site's icons (24×24, stroke-based, no external assets). Always decorative: the text next to an
 * icon names the thing, so icons are hidden from assistive technology.
 *
 * An icon is a reference into the icon sprite (/icons.svg, drawn from app/components/ui/icon-shapes.tsx),
 * so no page downloads the drawings as JavaScript (docs/lab/javascript-budget-log.md): the browser
 * fetches the sprite once and caches it. Its address carries the drawings' hash; the root loader hands it
 * to every icon through `IconSpriteContext`.
 */
import { createContext, useContext } from "react";

import type { IconName } from "./icon-names";

export { ICON_NAMES, type IconName, isIconName } from "./icon-names";

/** The sprite's path; the root loader gives the versioned address (app/components/ui/icon-sprite.server.tsx). */
export const ICON_SPRITE_PATH = "/icons.svg";

export const IconSpriteContext = createContext<string>(ICON_SPRITE_PATH);

/** The one SVG frame every icon of the site is drawn in (its stroke reaches the sprite's shapes). */
export const ICON_FRAME = {
  "aria-hidden": true,
  focusable: "false",
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: "1.8",
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

export function Icon({ name, className = "h-5 w-5" }: { name: IconName; className?: string }) {
  const sprite = useContext(IconSpriteContext);
  return (
    <svg {...ICON_FRAME} className={className}>
      <use href={`${sprite}#${name}`} />
    </svg>
  );
}

/** An icon on a coloured tile or disc (decorative): `className` draws the tile, `iconClassName` sizes the icon. */
export function IconMark({
  name,
  className,
  iconClassName,
}: {
  name: IconName;
  className: string;
  iconClassName: string;
}) {
  return (
    <span aria-hidden="true" className={className}>
      <Icon name={name} className={iconClassName} />
    </span>
  );
}
