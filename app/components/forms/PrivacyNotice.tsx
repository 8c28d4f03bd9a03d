/**
 * The AEPD "first layer" of data-protection information, shown beside every form: controller, purpose,
 * legal basis, recipients and rights, with a link to the full privacy policy. Texts and the company's
 * legal identity come from site settings (the island env), so a form only needs `<PrivacyNotice />`.
 */
import { useId } from "react";

import { useIslandEnv } from "~/components/islands/island-env";
import { controllerLine } from "~/lib/legal-identity";

export const PRIVACY_POLICY_HREF = "/legal#privacidad";

export function PrivacyNotice({ className = "" }: { className?: string }) {
  const settings = useIslandEnv().privacy;
  const headingId = useId();
  const notice = settings?.privacyNotice;
  if (!notice) return null;
  // The controller comes from the legal identity (what is missing is left out), never from a copy.
  const controller = controllerLine(notice.controller, settings?.legalIdentity, settings?.siteName);
  const lines = [controller, notice.purpose, notice.legalBasis, notice.recipients, notice.rights].filter(Boolean);
  return (
    <section aria-labelledby={headingId} className={`text-xs leading-relaxed text-ink-muted ${className}`}>
      <p id={headingId} className="font-semibold text-ink-soft">
        {notice.heading}
      </p>
      <ul className="mt-1 space-y-0.5">
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="mt-1">
        <a
          href={PRIVACY_POLICY_HREF}
          className="font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900"
        >
          {notice.moreInfoLabel}
        </a>
      </p>
    </section>
  );
}
