/**
 * The cookie banner (AEPD first layer + 'Configurar' settings layer). Server-rendered in the same
 * markup for every visitor and hidden by CSS; the boot script shows it before first paint when no
 * choice is stored. Fixed at the bottom over the page, so showing or hiding it never moves content
 * (CLS 0); while open, <html> gets scroll padding and bottom room of the banner's height, and a focused
 * element the banner would cover is scrolled above it. First in the DOM so keyboard and screen-reader users
 * reach it first. 'Aceptar', 'Rechazar' and 'Configurar' look the same and share one row, so on a phone
 * the first layer takes at most a third of the screen; the details are in 'Configurar'. The switches start off.
 *
 * Markup only, no state and no handlers: the frame script (app/components/frame/consent.ts) is its
 * behaviour on every page, hydrated or not (on a hydrated page this is a 'server-html' island, so React
 * keeps the HTML the script works on). The settings layer (the switches and 'Guardar') is in the markup,
 * hidden until 'Configurar'. It is a real form posting to /api/consent, so the buttons still work if no
 * script runs; with the frame script (or, before it, the boot script) the choice is stored in the browser
 * and applied at once.
 */
import { useId } from "react";

import { CONSENT_LAYER_ATTRIBUTE, COOKIE_BANNER_ID } from "~/consent/banner";
import { COOKIE_POLICY_HREF } from "~/consent/consent";
import type { SiteSettings } from "~/content/types";

export type CookieBannerTexts = NonNullable<SiteSettings["cookieBanner"]>;

/** One look for every choice, so none is more prominent than another (also 'Configurar'). */
const choiceButton =
  "btn min-w-0 flex-1 border-2 border-brand-700 bg-brand-700 px-3 text-white hover:bg-brand-800 sm:min-w-[9rem] sm:flex-none [&[hidden]]:hidden";

function Switch({
  name,
  label,
  description,
  checked = false,
  disabled,
}: {
  name: string;
  label: string | null | undefined;
  description?: string | null;
  checked?: boolean;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div className="min-w-0">
        <label htmlFor={id} className="font-semibold text-ink">
          {label}
        </label>
        {description ? (
          <p id={`${id}-description`} className="mt-1 text-sm text-ink-soft">
            {description}
          </p>
        ) : null}
      </div>
      <input
        id={id}
        name={name}
        type="checkbox"
        role="switch"
        value="1"
        defaultChecked={checked}
        disabled={disabled}
        aria-describedby={description ? `${id}-description` : undefined}
        className="peer relative mt-1 h-7 w-12 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-400 transition-colors before:absolute before:left-1 before:top-1 before:h-5 before:w-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand-700 checked:before:translate-x-5 disabled:cursor-not-allowed disabled:opacity-70"
      />
    </div>
  );
}

export function CookieBanner({ texts }: { texts: CookieBannerTexts | null | undefined }) {
  const headingId = useId();
  const textId = useId();
  if (!texts) return null;
  return (
    <section
      id={COOKIE_BANNER_ID}
      aria-labelledby={headingId}
      aria-describedby={textId}
      className="fixed inset-x-0 bottom-0 z-50 hidden max-h-[85vh] overflow-y-auto border-t border-slate-300 bg-white shadow-[0_-8px_24px_rgba(15,23,42,0.15)] [.cc-open_&]:block"
    >
      <form method="post" action="/api/consent" className="container-page py-4 sm:py-5">
        <h2 id={headingId} className="text-base font-bold text-ink sm:text-lg">
          {texts.title}
        </h2>
        <p id={textId} className="mt-1 max-w-4xl text-sm text-ink-soft">
          {texts.text}
          {texts.policyLinkLabel ? (
            <>
              {" "}
              <a
                href={COOKIE_POLICY_HREF}
                className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800"
              >
                {texts.policyLinkLabel}
              </a>
            </>
          ) : null}
        </p>
        {/* The settings layer: shown by the frame script on 'Configurar', the switches set from the stored choice. */}
        <fieldset
          hidden
          className="mt-3 max-w-3xl divide-y divide-slate-200 border-y border-slate-200"
          {...{ [CONSENT_LAYER_ATTRIBUTE]: "" }}
        >
          <legend className="sr-only">{texts.configureLabel}</legend>
          <Switch
            name="necessary"
            label={texts.necessaryLabel}
            description={texts.necessaryDescription}
            checked
            disabled
          />
          {/* The two categories a visitor can switch, in the order the policy lists them; the first takes focus. */}
          <Switch name="analytics" label={texts.analyticsLabel} description={texts.analyticsDescription} />
          <Switch name="advertising" label={texts.advertisingLabel} description={texts.advertisingDescription} />
        </fieldset>
        <div className="mt-3 flex gap-2 sm:gap-3">
          <button type="submit" name="decision" value="reject" className={choiceButton}>
            {texts.rejectLabel}
          </button>
          <button type="submit" name="decision" value="accept" className={choiceButton}>
            {texts.acceptLabel}
          </button>
          <button type="submit" name="decision" value="save" hidden className={choiceButton}>
            {texts.saveLabel}
          </button>
          <button type="submit" name="decision" value="configure" className={choiceButton}>
            {texts.configureLabel}
          </button>
        </div>
      </form>
    </section>
  );
}
