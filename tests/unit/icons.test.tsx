import { renderToStaticMarkup } from "react-dom/server";

import { Icon, ICON_NAMES, ICON_SPRITE_PATH, IconSpriteContext } from "~/components/ui/Icon";
import { ICON_SHAPES } from "~/components/ui/icon-shapes";
import { ICON_SPRITE, ICON_SPRITE_URL, ICON_SPRITE_VERSION } from "~/components/ui/icon-sprite.server";
import { IMMUTABLE_CACHE_CONTROL } from "~/lib/http-cache";
import { loader as spriteLoader } from "~/routes/icons[.]svg";

import { callLoader } from "../support/routes";

describe("the icon sprite", () => {
  it("draws every icon name, and only those, as a symbol of the same viewBox as the icons' frame", () => {
    expect(Object.keys(ICON_SHAPES).sort()).toEqual([...ICON_NAMES].sort());
    const ids = [...ICON_SPRITE.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">/g)].map((match) => match[1]);
    expect(ids).toEqual([...ICON_NAMES]);
    expect(ICON_SPRITE).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg">/);
    // Each shape of a drawing is in its symbol: a circle, a rect, a path.
    expect(ICON_SPRITE).toContain('<symbol id="target" viewBox="0 0 24 24"><circle cx="12" cy="12" r="8.5"></circle>');
    expect(ICON_SPRITE).toContain(
      '<symbol id="mail" viewBox="0 0 24 24"><rect x="3" y="5" width="18" height="14" rx="2">',
    );
    expect(ICON_SPRITE).toContain(`<symbol id="check" viewBox="0 0 24 24"><path d="${ICON_SHAPES.check[0]}">`);
  });

  it("is addressed by the drawings' hash", () => {
    expect(ICON_SPRITE_VERSION).toMatch(/^[0-9a-f]{10}$/);
    expect(ICON_SPRITE_URL).toBe(`${ICON_SPRITE_PATH}?v=${ICON_SPRITE_VERSION}`);
  });
});

describe("<Icon>", () => {
  it("points into the sprite the root hands down, hidden from assistive technology", () => {
    const html = renderToStaticMarkup(
      <IconSpriteContext.Provider value="/icons.svg?v=abc">
        <Icon name="phone" className="h-4 w-4" />
      </IconSpriteContext.Provider>,
    );
    expect(html).toContain('aria-hidden="true"');
    expect(html).toContain('class="h-4 w-4"');
    expect(html).toContain('stroke="currentColor"');
    expect(html).toContain('<use href="/icons.svg?v=abc#phone"></use>');
  });

  it("points at the sprite's plain address outside a page (no root data)", () => {
    expect(renderToStaticMarkup(<Icon name="x" />)).toContain('<use href="/icons.svg#x"></use>');
  });
});

describe("/icons.svg", () => {
  it("answers the sprite as SVG, cached for a year at its current version", async () => {
    const response = (await callLoader(spriteLoader, `/icons.svg?v=${ICON_SPRITE_VERSION}`)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/svg+xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(await response.text()).toBe(ICON_SPRITE);
  });

  it("answers an old or missing version with today's drawings, cached only briefly", async () => {
    for (const path of ["/icons.svg?v=0123456789", "/icons.svg"]) {
      const response = (await callLoader(spriteLoader, path)) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).not.toContain("immutable");
      expect(await response.text()).toBe(ICON_SPRITE);
    }
  });
});
