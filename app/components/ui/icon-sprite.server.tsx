/**
 * The icon sprite: every site icon as a `<symbol>` named after it, in one SVG file the browser fetches
 * once (app/routes/icons[.]svg.ts). Its address carries a hash of the drawings, so the file can be cached
 * for a year and a changed icon is a new address.
 */
import { createHash } from "node:crypto";

import { renderToStaticMarkup } from "react-dom/server";

import { ICON_NAMES, ICON_SPRITE_PATH } from "./Icon";
import { ICON_SHAPES, Shape } from "./icon-shapes";

export const ICON_SPRITE = renderToStaticMarkup(
  <svg xmlns="http://www.w3.org/2000/svg">
    {ICON_NAMES.map((name) => (
      <symbol key={name} id={name} viewBox="0 0 24 24">
        {ICON_SHAPES[name].map((shape, index) => (
          <Shape key={index} shape={shape} />
        ))}
      </symbol>
    ))}
  </svg>,
);

export const ICON_SPRITE_VERSION = createHash("sha256").update(ICON_SPRITE).digest("hex").slice(0, 10);

/** The address every `<Icon>` points into (the root loader hands it to them). */
export const ICON_SPRITE_URL = `${ICON_SPRITE_PATH}?v=${ICON_SPRITE_VERSION}`;
