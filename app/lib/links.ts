/** How a content-supplied address should be rendered as a link. */

export type LinkKind = "internal" | "anchor" | "external" | "protocol";

/**
 * `internal`: a path of this site, rendered with Remix's <Link>; `anchor`: an in-page fragment;
 * `external`: another site, opened in a new tab; `protocol`: mailto:, tel: and the like, opened in place.
 */
export function linkKind(href: string): LinkKind {
  const value = href.trim();
  if (value.startsWith("#")) return "anchor";
  if (/^(https?:)?\/\//i.test(value)) return "external";
  if (/^[a-z][a-z0-9+.-]*:/i.test(value)) return "protocol";
  return "internal";
}

/** `tel:` address for a displayed phone number ("+34 600 000 000" → "tel:+34600000000"). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  return `tel:${digits.startsWith("+") ? "+" : ""}${digits.replace(/\+/g, "")}`;
}

/** A WhatsApp chat with `number` (digits kept) and a prefilled message. */
export function whatsAppUrl(number: string, message: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(message)}`;
}
