import type { SiteSettings } from "~/content/types";

import { CookieSettingsLink } from "./CookieSettingsLink";
import { PAGE_END_ID } from "./page-end";

type FooterLink = NonNullable<NonNullable<SiteSettings["footer"]>["links"]>[number];

export function Footer({ settings }: { settings: SiteSettings }) {
  const footer = settings.footer;
  return (
    <footer id={PAGE_END_ID} className="border-t border-slate-200 bg-slate-50">
      <div className="container-page flex flex-col gap-6 py-10 text-sm text-ink-soft md:flex-row md:items-start md:justify-between">
        <div className="max-w-sm">
          <p className="text-base font-bold text-ink">{settings.siteName}</p>
          {footer?.tagline ? <p className="mt-2">{footer.tagline}</p> : null}
          <p className="mt-2">
            <a className="underline-offset-4 hover:underline" href={`mailto:${settings.email}`}>
              {settings.email}
            </a>
          </p>
        </div>
        <nav aria-label="Pie de página">
          <ul className="flex flex-wrap gap-x-2 gap-y-1">
            {/* A link whose page is gone (no href) is left out. */}
            {(footer?.links ?? [])
              .flatMap((link: FooterLink) => (link.href ? [{ ...link, href: link.href }] : []))
              .map((link) => (
                <li key={link.href}>
                  <a
                    className="inline-block rounded px-2 py-2 font-medium text-ink hover:text-brand-700"
                    href={link.href}
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            <li>
              <a className="inline-block rounded px-2 py-2 font-medium text-ink hover:text-brand-700" href="/legal">
                {footer?.legalLinkLabel}
              </a>
            </li>
            <li>
              <CookieSettingsLink
                label={settings.cookieBanner?.footerLinkLabel}
                className="inline-block rounded px-2 py-2 font-medium text-ink hover:text-brand-700"
              />
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-slate-200">
        <p className="container-page py-4 text-xs text-ink-muted">{footer?.copyright}</p>
      </div>
    </footer>
  );
}
