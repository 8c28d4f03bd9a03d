/**
 * The footer's 'Configuración de cookies': reopens the consent settings at any time to change or
 * withdraw the choice. Without JavaScript it is a plain link to the cookie policy (/legal#cookies);
 * nothing that needs consent runs without JavaScript anyway.
 */
import type { MouseEvent } from "react";

import { COOKIE_BANNER_ID } from "~/consent/banner";
import { COOKIE_POLICY_HREF } from "~/consent/consent";
import { openConsentSettings } from "~/consent/store";

export function CookieSettingsLink({ label, className }: { label: string | null | undefined; className?: string }) {
  if (!label) return null;
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    openConsentSettings(event.currentTarget);
  }
  return (
    <a href={COOKIE_POLICY_HREF} aria-controls={COOKIE_BANNER_ID} className={className} onClick={onClick}>
      {label}
    </a>
  );
}
