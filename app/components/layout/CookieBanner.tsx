/**
 * The cookie banner (AEPD first layer + 'Configurar' settings layer). Server-rendered in the same
 * markup for every visitor and hidden by CSS; the boot script shows it before first paint when no
 * choice is stored. Fixed at the bottom over the page, so showing or hiding it never moves content
 * (CLS 0); while open, <html> gets scroll padding and bottom room of the banner's height, and a focused
 * element the banner would cover is scrolled above it. First in the DOM so keyboard and screen-reader users
 * reach it first. 'Aceptar', 'Rechazar' and 'Configurar' look the same and share one row, so on a phone
 * the first layer takes at most a third of the screen; the details are in 'Configurar'. The switches start off.
 *
 * It is a real form posting to /api/consent, so the buttons still work if the app script fails;
 * with JavaScript the choice is stored in the browser and applied at once.
 */
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";

import { CONSENT_SETTINGS_ATTRIBUTE, COOKIE_BANNER_ID } from "~/consent/banner";
import { choiceFromDecision, COOKIE_POLICY_HREF } from "~/consent/consent";
import {
  closeConsentSettings,
  openConsentSettings,
  saveConsent,
  showSettingsPanel,
  takeOpener,
  useConsentState,
} from "~/consent/store";
import type { SiteSettings } from "~/content/types";
import { applyConsent } from "~/tracking/tags";
import { rememberVisitOrigin } from "~/tracking/visit-origin";

export type CookieBannerTexts = NonNullable<SiteSettings["cookieBanner"]>;

const HEIGHT_PROPERTY = "--cc-height";
const FOCUS_MARGIN_PX = 16;

/** One look for every choice, so none is more prominent than another (also 'Configurar'). */
const choiceButton =
  "btn min-w-0 flex-1 border-2 border-brand-700 bg-brand-700 px-3 text-white hover:bg-brand-800 sm:min-w-[9rem] sm:flex-none";

function Switch({
  name,
  label,
  description,
  checked,
  disabled,
  onChange,
  inputRef,
}: {
  name: string;
  label: string;
  description?: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
  inputRef?: React.Ref<HTMLInputElement>;
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
        ref={inputRef}
        id={id}
        name={name}
        type="checkbox"
        role="switch"
        value="1"
        checked={checked}
        disabled={disabled}
        aria-describedby={description ? `${id}-description` : undefined}
        onChange={(event) => onChange?.(event.target.checked)}
        className="peer relative mt-1 h-7 w-12 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-400 transition-colors before:absolute before:left-1 before:top-1 before:h-5 before:w-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand-700 checked:before:translate-x-5 disabled:cursor-not-allowed disabled:opacity-70"
      />
    </div>
  );
}

export function CookieBanner({ texts }: { texts: CookieBannerTexts | null | undefined }) {
  const state = useConsentState();
  const panel = state?.panel ?? "banner";
  // The settings layer starts from the stored choice (all off when there is none), set while rendering
  // each time it opens or the stored choice changes under it.
  const settingsFrom = panel === "settings" ? (state?.choice ?? null) : undefined;
  const [loadedFrom, setLoadedFrom] = useState(settingsFrom);
  const [analytics, setAnalytics] = useState(settingsFrom?.analytics ?? false);
  const [advertising, setAdvertising] = useState(settingsFrom?.advertising ?? false);
  if (settingsFrom !== loadedFrom) {
    setLoadedFrom(settingsFrom);
    if (settingsFrom !== undefined) {
      setAnalytics(settingsFrom?.analytics ?? false);
      setAdvertising(settingsFrom?.advertising ?? false);
    }
  }
  const rootRef = useRef<HTMLElement>(null);
  const firstSwitchRef = useRef<HTMLInputElement>(null);
  const configureRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const textId = useId();

  const open = state !== undefined && panel !== "closed";

  useEffect(() => {
    if (panel === "settings") firstSwitchRef.current?.focus();
  }, [panel, state?.choice]);

  // A settings link (CookieSettingsLink.tsx, in the footer's server HTML) opens the settings here. In the
  // capture phase, so the kept HTML's in-app link handling sees the click already taken.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.(`a[${CONSENT_SETTINGS_ATTRIBUTE}]`);
      if (!(link instanceof HTMLElement) || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      openConsentSettings(link);
    };
    document.addEventListener("click", onClick, { capture: true });
    return () => document.removeEventListener("click", onClick, { capture: true });
  }, []);

  // While open: scroll padding and bottom room equal to the banner's real height, focus kept clear of it.
  useEffect(() => {
    const root = document.documentElement;
    const element = rootRef.current;
    if (!open || !element) {
      root.style.removeProperty(HEIGHT_PROPERTY);
      return;
    }
    const measure = () =>
      root.style.setProperty(HEIGHT_PROPERTY, `${Math.ceil(element.getBoundingClientRect().height)}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // Browsers do not scroll an element that is already in the viewport when it gets keyboard focus,
    // even when the banner covers it: lift it above the banner, never past the fixed header. Focus set
    // by code (not :focus-visible, e.g. a section after an in-page link) keeps its own scrolling.
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target as HTMLElement | null;
      if (!target?.getBoundingClientRect || element.contains(target) || !target.matches(":focus-visible")) return;
      const box = target.getBoundingClientRect();
      const bannerTop = element.getBoundingClientRect().top;
      if (box.bottom <= bannerTop) return;
      // Only when the banner is really on top there (a dialog above it, for instance, is not covered).
      const probe = document.elementFromPoint(box.left + box.width / 2, Math.max(bannerTop, box.top) + 1);
      if (!probe || !element.contains(probe)) return;
      const headerClearance = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
      const lift = Math.min(box.bottom - bannerTop + FOCUS_MARGIN_PX, box.top - headerClearance);
      if (lift > 0) window.scrollBy({ top: lift, behavior: "instant" });
    };
    document.addEventListener("focusin", onFocusIn);
    return () => {
      observer.disconnect();
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [open]);

  if (!texts) return null;

  function restoreFocus() {
    const opener = takeOpener();
    if (rootRef.current?.contains(document.activeElement) || document.activeElement === document.body) {
      if (opener?.isConnected) opener.focus();
      else {
        const main = document.getElementById("contenido");
        if (main) {
          if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
          main.focus({ preventScroll: true });
        }
      }
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const decision = submitter?.value;
    if (decision === "configure") {
      showSettingsPanel();
      return;
    }
    const choice = choiceFromDecision(decision, { analytics, advertising });
    if (!choice) return;
    const previous = saveConsent(choice);
    restoreFocus();
    rememberVisitOrigin();
    applyConsent(choice, previous);
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key !== "Escape" || panel !== "settings") return;
    event.preventDefault();
    closeConsentSettings();
    if (state?.choice) restoreFocus();
    else window.setTimeout(() => configureRef.current?.focus());
  }

  // The two categories a visitor can switch, in the order the policy lists them; the first takes focus.
  const optionalCategories = [
    { name: "analytics", label: texts.analyticsLabel, description: texts.analyticsDescription },
    { name: "advertising", label: texts.advertisingLabel, description: texts.advertisingDescription },
  ].map((category, index) =>
    index === 0
      ? { ...category, checked: analytics, onChange: setAnalytics }
      : { ...category, checked: advertising, onChange: setAdvertising },
  );
  const settings = panel === "settings";
  return (
    // Escape pressed on any control inside closes the settings layer; the section itself takes no input.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      ref={rootRef}
      id={COOKIE_BANNER_ID}
      aria-labelledby={headingId}
      aria-describedby={textId}
      onKeyDown={onKeyDown}
      className="fixed inset-x-0 bottom-0 z-50 hidden max-h-[85vh] overflow-y-auto border-t border-slate-300 bg-white shadow-[0_-8px_24px_rgba(15,23,42,0.15)] [.cc-open_&]:block"
    >
      <form method="post" action="/api/consent" onSubmit={onSubmit} className="container-page py-4 sm:py-5">
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
        {settings ? (
          <fieldset className="mt-3 max-w-3xl divide-y divide-slate-200 border-y border-slate-200">
            <legend className="sr-only">{texts.configureLabel}</legend>
            <Switch
              name="necessary"
              label={texts.necessaryLabel}
              description={texts.necessaryDescription}
              checked
              disabled
            />
            {optionalCategories.map(({ name, label, description, checked, onChange }, index) => (
              <Switch
                key={name}
                name={name}
                label={label}
                description={description}
                checked={checked}
                onChange={onChange}
                inputRef={index === 0 ? firstSwitchRef : undefined}
              />
            ))}
          </fieldset>
        ) : null}
        <div className="mt-3 flex gap-2 sm:gap-3">
          <button type="submit" name="decision" value="reject" className={choiceButton}>
            {texts.rejectLabel}
          </button>
          <button type="submit" name="decision" value="accept" className={choiceButton}>
            {texts.acceptLabel}
          </button>
          {settings ? (
            <button type="submit" name="decision" value="save" className={choiceButton}>
              {texts.saveLabel}
            </button>
          ) : (
            <button ref={configureRef} type="submit" name="decision" value="configure" className={choiceButton}>
              {texts.configureLabel}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
