/**
 * The footer's 'Configuración de cookies': reopens the consent settings at any time to change or
 * withdraw the choice. A plain link to the cookie policy (/legal#cookies), which is what it does without
 * JavaScript (nothing that needs consent runs without it anyway); with JavaScript the cookie banner
 * answers its click (CONSENT_SETTINGS_ATTRIBUTE), so the footer stays server HTML.
 */
import { CONSENT_SETTINGS_ATTRIBUTE, COOKIE_BANNER_ID } from "~/consent/banner";
import { COOKIE_POLICY_HREF } from "~/consent/consent";

export function CookieSettingsLink({ label, className }: { label: string | null | undefined; className?: string }) {
  if (!label) return null;
  return (
    <a
      href={COOKIE_POLICY_HREF}
      aria-controls={COOKIE_BANNER_ID}
      className={className}
      {...{ [CONSENT_SETTINGS_ATTRIBUTE]: "" }}
    >
      {label}
    </a>
  );
}
