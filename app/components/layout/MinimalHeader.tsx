/**
 * The header of a focused landing page (a campaign page with 'Cabecera mínima'): the logo and the phone,
 * no menu, so nothing leads the visitor away from the page's form. No script of its own.
 */

import { Icon } from "~/components/ui/Icon";
import type { SiteSettings } from "~/content/types";
import { telHref } from "~/lib/links";

export function MinimalHeader({ settings }: { settings: SiteSettings }) {
  return (
    <header className="fixed inset-x-0 top-0 z-40 border-b border-slate-200 bg-white">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <a href="/" className="flex items-center gap-2 text-lg font-extrabold text-ink">
          <span aria-hidden="true" className="grid h-8 w-8 place-items-center rounded-lg bg-brand-600 text-white">
            {settings.siteName?.charAt(0)}
          </span>
          {settings.siteName}
        </a>
        {settings.phone ? (
          <a
            href={telHref(settings.phone)}
            className="inline-flex min-h-11 items-center gap-2 rounded-xl px-3 font-semibold text-brand-700 hover:bg-brand-50"
          >
            <Icon name="phone" className="h-5 w-5" />
            <span className="whitespace-nowrap">{settings.phone}</span>
          </a>
        ) : null}
      </div>
    </header>
  );
}
