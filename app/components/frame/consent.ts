/**
 * The cookie banner's behaviour (markup: app/components/layout/CookieBanner.tsx; rules: app/consent/),
 * delegated on the document, the same on every page:
 * - 'Aceptar', 'Rechazar' and the settings layer's 'Guardar' store the choice in `cookie_consent`, close
 *   the banner, keep or drop the visit's origin cookie and apply the choice to the tags; the form's post to
 *   /api/consent is what happens without this script (and the boot script answers the first layer before it);
 * - 'Configurar' and the footer's `data-consent-settings` link open the settings layer, its switches set
 *   from the stored choice (all off without one), the first switch focused; Escape leaves it (back to the
 *   first layer when no choice was ever made);
 * - focus: a closed banner gives it back to the link that opened the settings, or to the page's main
 *   content; while open, an element the banner covers is lifted above it when it gets keyboard focus;
 * - while open, `--cc-height` on <html> is the banner's height (scroll padding and room below, tailwind.css).
 */
import {
  BANNER_OPEN_CLASS,
  CONSENT_LAYER_ATTRIBUTE,
  CONSENT_SETTINGS_ATTRIBUTE,
  COOKIE_BANNER_ID,
} from "~/consent/banner";
import { choiceFromDecision, type ConsentChoice, consentCookie, parseConsentCookie } from "~/consent/consent";
import { rememberVisitOrigin } from "~/tracking/visit-origin";

import { plainClick } from "./events";
import { withTags } from "./tracking";

const HEIGHT_PROPERTY = "--cc-height";
const FOCUS_MARGIN_PX = 16;

type Panel = "closed" | "banner" | "settings";

let opener: HTMLElement | null = null;
let measuring: ResizeObserver | null = null;

const banner = () => document.getElementById(COOKIE_BANNER_ID);
const storedChoice = (): ConsentChoice | null => parseConsentCookie(document.cookie);

function button(root: HTMLElement, decision: string): HTMLButtonElement | null {
  return root.querySelector<HTMLButtonElement>(`button[name="decision"][value="${decision}"]`);
}

function switchOf(root: HTMLElement, name: string): HTMLInputElement | null {
  return root.querySelector<HTMLInputElement>(`input[name="${name}"]`);
}

function panelOf(root: HTMLElement): Panel {
  if (!document.documentElement.classList.contains(BANNER_OPEN_CLASS)) return "closed";
  return root.querySelector<HTMLElement>(`[${CONSENT_LAYER_ATTRIBUTE}]`)?.hidden === false ? "settings" : "banner";
}

function show(root: HTMLElement, panel: Panel) {
  const settings = panel === "settings";
  const layer = root.querySelector<HTMLElement>(`[${CONSENT_LAYER_ATTRIBUTE}]`);
  if (layer) layer.hidden = !settings;
  const save = button(root, "save");
  const configure = button(root, "configure");
  if (save) save.hidden = !settings;
  if (configure) configure.hidden = settings;
  document.documentElement.classList.toggle(BANNER_OPEN_CLASS, panel !== "closed");
  follow(root, panel !== "closed");
}

/** Opens the settings layer from the stored choice; focus goes to its first switch. */
function openSettings(root: HTMLElement) {
  const choice = storedChoice();
  const analytics = switchOf(root, "analytics");
  const advertising = switchOf(root, "advertising");
  if (analytics) analytics.checked = choice?.analytics ?? false;
  if (advertising) advertising.checked = choice?.advertising ?? false;
  show(root, "settings");
  analytics?.focus();
}

function restoreFocus(root: HTMLElement) {
  const from = opener;
  opener = null;
  if (!root.contains(document.activeElement) && document.activeElement !== document.body) return;
  if (from?.isConnected) from.focus();
  else {
    const main = document.getElementById("contenido");
    if (!main) return;
    if (!main.hasAttribute("tabindex")) main.setAttribute("tabindex", "-1");
    main.focus({ preventScroll: true });
  }
}

function onSubmit(event: SubmitEvent) {
  const form = event.target instanceof HTMLFormElement ? event.target : null;
  const root = banner();
  if (!form || !root?.contains(form) || event.defaultPrevented) return;
  const decision = (event.submitter as HTMLButtonElement | null)?.value;
  event.preventDefault();
  if (decision === "configure") {
    openSettings(root);
    return;
  }
  const choice = choiceFromDecision(decision, {
    analytics: switchOf(root, "analytics")?.checked,
    advertising: switchOf(root, "advertising")?.checked,
  });
  if (!choice) return;
  const previous = storedChoice();
  document.cookie = consentCookie(choice, { secure: window.location.protocol === "https:" });
  show(root, "closed");
  restoreFocus(root);
  rememberVisitOrigin();
  withTags((tags) => tags.applyConsent(choice, previous));
}

// A settings link (the footer's) opens the settings. In the capture phase, before anything else takes the click.
function onClick(event: MouseEvent) {
  const link = event.target instanceof Element ? event.target.closest(`a[${CONSENT_SETTINGS_ATTRIBUTE}]`) : null;
  const root = banner();
  if (!(link instanceof HTMLElement) || !root || !plainClick(event)) return;
  event.preventDefault();
  opener = link;
  openSettings(root);
}

function onKeyDown(event: KeyboardEvent) {
  const root = banner();
  if (event.key !== "Escape" || !root || !(event.target instanceof Node) || !root.contains(event.target)) return;
  if (panelOf(root) !== "settings") return;
  event.preventDefault();
  if (storedChoice()) {
    show(root, "closed");
    restoreFocus(root);
  } else {
    show(root, "banner");
    button(root, "configure")?.focus();
  }
}

/**
 * Browsers do not scroll an element that is already in the viewport when it gets keyboard focus, even when
 * the banner covers it: lift it above the banner, never past the fixed header. Focus set by code (not
 * :focus-visible, e.g. a section after an in-page link) keeps its own scrolling.
 */
function onFocusIn(event: FocusEvent) {
  const root = banner();
  const target = event.target as HTMLElement | null;
  if (!root || panelOf(root) === "closed") return;
  if (!target?.getBoundingClientRect || root.contains(target) || !target.matches(":focus-visible")) return;
  const box = target.getBoundingClientRect();
  const bannerTop = root.getBoundingClientRect().top;
  if (box.bottom <= bannerTop) return;
  // Only when the banner is really on top there (a dialog above it, for instance, is not covered).
  const probe = document.elementFromPoint(box.left + box.width / 2, Math.max(bannerTop, box.top) + 1);
  if (!probe || !root.contains(probe)) return;
  const headerClearance = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
  const lift = Math.min(box.bottom - bannerTop + FOCUS_MARGIN_PX, box.top - headerClearance);
  if (lift > 0) window.scrollBy({ top: lift, behavior: "instant" });
}

/** While open, `--cc-height` follows the banner's real height. */
function follow(root: HTMLElement, open: boolean) {
  const style = document.documentElement.style;
  if (!open) {
    measuring?.disconnect();
    measuring = null;
    style.removeProperty(HEIGHT_PROPERTY);
    return;
  }
  const measure = () => style.setProperty(HEIGHT_PROPERTY, `${Math.ceil(root.getBoundingClientRect().height)}px`);
  measure();
  if (!measuring && typeof ResizeObserver === "function") {
    measuring = new ResizeObserver(measure);
    measuring.observe(root);
  }
}

export function startConsent() {
  document.addEventListener("submit", onSubmit);
  document.addEventListener("click", onClick, { capture: true });
  document.addEventListener("keydown", onKeyDown);
  document.addEventListener("focusin", onFocusIn);
  const root = banner();
  if (!root) return;
  // The boot script opens the banner at DOMContentLoaded, which may still be to come while the document is
  // 'interactive' (or has answered it): followed now, and again then.
  const start = () => follow(root, panelOf(root) !== "closed");
  start();
  document.addEventListener("DOMContentLoaded", start, { once: true });
}
