/**
 * The names of the site's icons: what `<Icon>` draws (app/components/ui/Icon.tsx), what content may name
 * on a feature card, and the list the Studio offers for it (sanity-studio/schemaTypes/objects/index.ts).
 * Plain data, so the Studio imports it without the site's React code.
 */
export const ICON_NAMES = [
  "check",
  "x",
  "arrow-right",
  "chevron-down",
  "external",
  "phone",
  "mail",
  "chat",
  "calculator",
  "target",
  "document",
  "rocket",
  "bell",
  "card",
  "chart",
  "trend",
  "undo",
  "globe",
  "megaphone",
  "server",
  "refresh",
  "shield",
  "clock",
  "search",
  "layout",
  "sparkles",
  "users",
  "bolt",
  "star",
  "euro",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

export function isIconName(value: unknown): value is IconName {
  return typeof value === "string" && (ICON_NAMES as readonly string[]).includes(value);
}
