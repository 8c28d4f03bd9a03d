// Consent rules: the cookie that keeps the visitor's choice and what the choice means for the Google tag.
import { describe, expect, it } from "vitest";

import { CONSENT_BOOT_SCRIPT } from "~/consent/boot-script.server";
import {
  ACCEPT_ALL,
  choiceFromDecision,
  CONSENT_MAX_AGE_SECONDS,
  consentCookie,
  consentSummary,
  GTAG_CONSENT_DEFAULT,
  gtagConsentUpdate,
  parseConsentCookie,
  REJECT_ALL,
  serializeConsent,
} from "~/consent/consent";
import { originOfPage } from "~/tracking/attribution";
import { clearOriginCookie, originCookie, parseOriginCookie } from "~/tracking/origin-cookie";

describe("cookie_consent", () => {
  it("round-trips every combination of purposes through the cookie header", () => {
    for (const analytics of [false, true]) {
      for (const advertising of [false, true]) {
        const header = `other=1; cookie_consent=${serializeConsent({ analytics, advertising })}; _ga=x`;
        expect(parseConsentCookie(header)).toEqual({ analytics, advertising });
      }
    }
  });

  it("treats no cookie, a malformed value or an outdated version as no choice", () => {
    expect(parseConsentCookie(null)).toBeNull();
    expect(parseConsentCookie("")).toBeNull();
    expect(parseConsentCookie("cookie_consent=yes")).toBeNull();
    expect(parseConsentCookie("cookie_consent=v0.a1.p1")).toBeNull();
    expect(parseConsentCookie("xcookie_consent=v1.a1.p1")).toBeNull();
  });

  it("is first party, lasts at most 13 months, SameSite=Lax, Secure only on https", () => {
    const plain = consentCookie(ACCEPT_ALL, { secure: false });
    expect(plain).toMatch(/^cookie_consent=v1\.a1\.p1; /);
    expect(plain).toContain("Path=/");
    expect(plain).toContain("SameSite=Lax");
    expect(plain).not.toContain("Secure");
    expect(plain).not.toMatch(/Domain=/i);
    const maxAge = Number(plain.match(/Max-Age=(\d+)/)?.[1]);
    expect(maxAge).toBe(CONSENT_MAX_AGE_SECONDS);
    expect(maxAge).toBeLessThanOrEqual(396 * 24 * 3600);
    expect(consentCookie(REJECT_ALL, { secure: true })).toMatch(/cookie_consent=v1\.a0\.p0; .*; Secure$/);
  });
});

describe("Google Consent Mode v2", () => {
  it("defaults every signal to denied", () => {
    expect(GTAG_CONSENT_DEFAULT).toEqual({
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      analytics_storage: "denied",
    });
  });

  it("maps advertising to the three ad signals and analytics to analytics_storage", () => {
    expect(gtagConsentUpdate(ACCEPT_ALL)).toEqual({
      ad_storage: "granted",
      ad_user_data: "granted",
      ad_personalization: "granted",
      analytics_storage: "granted",
    });
    expect(gtagConsentUpdate(REJECT_ALL)).toEqual(GTAG_CONSENT_DEFAULT);
    expect(gtagConsentUpdate({ analytics: true, advertising: false })).toEqual({
      ...GTAG_CONSENT_DEFAULT,
      analytics_storage: "granted",
    });
    expect(gtagConsentUpdate({ analytics: false, advertising: true })).toEqual({
      ad_storage: "granted",
      ad_user_data: "granted",
      ad_personalization: "granted",
      analytics_storage: "denied",
    });
  });
});

describe("banner decisions", () => {
  it("'Aceptar' grants everything, 'Rechazar' nothing, 'Guardar' exactly the switches", () => {
    expect(choiceFromDecision("accept", {})).toEqual(ACCEPT_ALL);
    expect(choiceFromDecision("reject", { analytics: true, advertising: true })).toEqual(REJECT_ALL);
    expect(choiceFromDecision("save", { analytics: true })).toEqual({ analytics: true, advertising: false });
    expect(choiceFromDecision("save", {})).toEqual(REJECT_ALL);
    expect(choiceFromDecision("configure", {})).toBeNull();
    expect(choiceFromDecision(undefined, {})).toBeNull();
  });

  it("summarises the state for a lead's origen, including 'no choice yet'", () => {
    expect(consentSummary(null)).toEqual({ elegido: false, analitica: false, publicidad: false });
    expect(consentSummary({ analytics: false, advertising: true })).toEqual({
      elegido: true,
      analitica: false,
      publicidad: true,
    });
  });
});

describe("boot script", () => {
  /** Runs the script as in <head> (document still loading) and then fires DOMContentLoaded. */
  function runBoot(
    cookie: string,
    {
      readyState = "loading",
      cookieAtParsed = cookie,
      fields = [] as Array<{ value: string }>,
      href = "http://127.0.0.1:3000/",
      referrer = "",
      name = "",
    } = {},
  ) {
    const classes = new Set<string>();
    const listeners: Array<{ type: string; listener: (event?: unknown) => void }> = [];
    const windowListeners: Array<{ type: string; listener: (event: unknown) => void }> = [];
    const window: Record<string, unknown> = {
      name,
      location: new URL(href),
      addEventListener: (type: string, listener: (event: unknown) => void) => windowListeners.push({ type, listener }),
    };
    const main = { attributes: new Map<string, string>(), focused: false };
    // A browser's cookie jar in miniature: reads give "name=value; …", writes set or (Max-Age=0) remove one.
    const cookieWrites: string[] = [];
    const jar = new Map<string, string>();
    const load = (header: string) => {
      jar.clear();
      for (const pair of header.split(/;\s*/).filter(Boolean))
        jar.set(pair.split("=")[0]!, pair.slice(pair.indexOf("=") + 1));
    };
    load(cookie);
    const document = {
      get cookie() {
        return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
      },
      set cookie(written: string) {
        cookieWrites.push(written);
        const [pair = "", ...attributes] = written.split("; ");
        const name = pair.split("=")[0]!;
        if (attributes.includes("Max-Age=0")) jar.delete(name);
        else jar.set(name, pair.slice(name.length + 1));
      },
      readyState,
      referrer,
      documentElement: {
        classList: { add: (name: string) => classes.add(name), remove: (name: string) => classes.delete(name) },
      },
      addEventListener: (type: string, listener: () => void) => listeners.push({ type, listener }),
      querySelectorAll: (selector: string) => (selector === 'input[name="origen"]' ? fields : []),
      getElementById: (id: string) =>
        id === "contenido"
          ? {
              hasAttribute: (name: string) => main.attributes.has(name),
              setAttribute: (name: string, value: string) => main.attributes.set(name, value),
              focus: () => (main.focused = true),
            }
          : null,
    };
    new Function("window", "document", CONSENT_BOOT_SCRIPT)(window, document);
    const classesBeforeParsed = new Set(classes);
    load(cookieAtParsed);
    document.readyState = "interactive";
    for (const { type, listener } of listeners) if (type === "DOMContentLoaded") listener();
    const dataLayer = () => (window.dataLayer as IArguments[]).map((entry) => Array.from(entry));
    /** A click on a banner button: the submit event as it reaches `window`; true when the post was stopped. */
    function submit(value: string, { inBanner = true, defaultPrevented = false } = {}) {
      let prevented = defaultPrevented;
      const event = {
        submitter: { value },
        target: { closest: (selector: string) => (inBanner && selector === "#cookie-consent" ? {} : null) },
        get defaultPrevented() {
          return prevented;
        },
        preventDefault: () => (prevented = true),
      };
      for (const { type, listener } of windowListeners) if (type === "submit") listener(event);
      return prevented;
    }
    return { classes, classesBeforeParsed, dataLayer, submit, cookieWrites, main, fields };
  }

  it("sets the consent default before anything else and opens the banner when no choice is stored", () => {
    const { classes, dataLayer } = runBoot("");
    expect(dataLayer()).toEqual([["consent", "default", GTAG_CONSENT_DEFAULT]]);
    expect(classes.has("cc-open")).toBe(true);
  });

  it("keeps the banner closed when a valid choice is stored, and open for an outdated one", () => {
    expect(runBoot("a=1; cookie_consent=v1.a0.p0").classes.has("cc-open")).toBe(false);
    expect(runBoot("cookie_consent=v1.a1.p1; b=2").classes.has("cc-open")).toBe(false);
    expect(runBoot("cookie_consent=v0.a1.p1").classes.has("cc-open")).toBe(true);
  });

  it("shows the banner only once the page is parsed, so a half-arrived banner never grows on screen", () => {
    expect(runBoot("").classesBeforeParsed.has("cc-open")).toBe(false);
    // Run after parsing (e.g. injected late): shows it at once.
    expect(runBoot("", { readyState: "complete" }).classesBeforeParsed.has("cc-open")).toBe(true);
    // A choice stored before the page finished parsing keeps the banner closed.
    expect(runBoot("", { cookieAtParsed: "cookie_consent=v1.a1.p0" }).classes.has("cc-open")).toBe(false);
  });

  it("fills every empty hidden origen field from the origen_visita cookie once parsed, with analytics consent only", () => {
    const origin = { utm_source: "google", gclid: "abc", paginaEntrada: "/?utm_source=google&gclid=abc" };
    const cookie = `cookie_consent=v1.a1.p0; origen_visita=${encodeURIComponent(JSON.stringify(origin))}`;
    const fields = [{ value: "" }, { value: '{"paginaEntrada":"/contacto"}' }];
    runBoot(cookie, { fields });
    expect(JSON.parse(fields[0]!.value)).toEqual(origin);
    expect(fields[1]!.value).toBe('{"paginaEntrada":"/contacto"}');

    const withoutConsent = [{ value: "" }];
    runBoot(cookie.replace("v1.a1.p0", "v1.a0.p1"), { fields: withoutConsent });
    expect(withoutConsent[0]!.value).toBe("");
    const broken = [{ value: "" }];
    runBoot("cookie_consent=v1.a1.p1; origen_visita=%E0%A4%A", { fields: broken });
    expect(broken[0]!.value).toBe("");
  });

  it("fills them from the tab's name first, with or without consent; never from a name that is not the site's", () => {
    const origin = { utm_campaign: "feria", gclid: "g-1", paginaEntrada: "/?utm_campaign=feria&gclid=g-1" };
    const name = `leads-origen:${JSON.stringify(origin)}`;
    for (const cookie of ["", "cookie_consent=v1.a0.p0", "cookie_consent=v1.a1.p1; origen_visita=%7B%7D"]) {
      const fields = [{ value: "" }, { value: '{"paginaEntrada":"/contacto"}' }];
      runBoot(cookie, { fields, name });
      expect(JSON.parse(fields[0]!.value), cookie).toEqual(origin);
      expect(fields[1]!.value).toBe('{"paginaEntrada":"/contacto"}');
    }
    for (const foreign of ["ventana-de-otro", `leads-origen:${"x".repeat(4_000)}`]) {
      const fields = [{ value: "" }];
      runBoot("", { fields, name: foreign });
      expect(fields[0]!.value).toBe("");
    }
  });

  it("'Aceptar' before hydration: the app's cookie, the banner closed, the landing's origin kept, the consent update queued, no post", () => {
    const landing = "/sectores/energia?utm_source=google&utm_campaign=%20leads%20&gclid=abc&otro=1";
    const boot = runBoot("", {
      href: `http://127.0.0.1:3000${landing}`,
      referrer: "https://www.google.com/search?q=x",
    });
    expect(boot.classes.has("cc-open")).toBe(true);
    expect(boot.submit("accept")).toBe(true);
    const origin = originOfPage(`http://127.0.0.1:3000${landing}`, "https://www.google.com/search?q=x");
    expect(boot.cookieWrites).toEqual([
      consentCookie(ACCEPT_ALL, { secure: false }),
      originCookie(origin, { secure: false }),
    ]);
    expect(parseOriginCookie(boot.cookieWrites[1])).toEqual(origin);
    expect(boot.classes.has("cc-open")).toBe(false);
    expect(boot.dataLayer().at(-1)).toEqual(["consent", "update", gtagConsentUpdate(ACCEPT_ALL)]);
    expect(boot.main).toMatchObject({ focused: true });
  });

  it("'Rechazar' before hydration stores the refusal (Secure on https), removes a kept origin and stores none", () => {
    const boot = runBoot("origen_visita=x", { href: "https://example.es/?gclid=abc" });
    expect(boot.submit("reject")).toBe(true);
    expect(boot.cookieWrites).toEqual([
      consentCookie(REJECT_ALL, { secure: true }),
      clearOriginCookie({ secure: true }),
    ]);
    expect(boot.classes.has("cc-open")).toBe(false);
    expect(boot.dataLayer().at(-1)).toEqual(["consent", "update", gtagConsentUpdate(REJECT_ALL)]);

    const secure = runBoot("", { href: "https://example.es/?gclid=abc" });
    secure.submit("accept");
    expect(secure.cookieWrites).toEqual([
      consentCookie(ACCEPT_ALL, { secure: true }),
      originCookie({ gclid: "abc", paginaEntrada: "/?gclid=abc" }, { secure: true }),
    ]);
  });

  it("after an early 'Aceptar', the page's empty origen fields carry the landing's origin at once", () => {
    const fields = [{ value: "" }];
    const boot = runBoot("", { href: "http://127.0.0.1:3000/?utm_source=google&gclid=abc", fields });
    boot.submit("accept");
    expect(JSON.parse(fields[0]!.value)).toEqual({
      utm_source: "google",
      gclid: "abc",
      paginaEntrada: "/?utm_source=google&gclid=abc",
    });
  });

  it("leaves 'Configurar', other forms and a choice the hydrated app already handled to their own path", () => {
    const boot = runBoot("");
    expect(boot.submit("configure")).toBe(false);
    expect(boot.submit("accept", { inBanner: false })).toBe(false);
    expect(boot.submit("accept", { defaultPrevented: true })).toBe(true);
    expect(boot.cookieWrites).toEqual([]);
    expect(boot.classes.has("cc-open")).toBe(true);
  });

  it("loads nothing: no script element, no URL", () => {
    expect(CONSENT_BOOT_SCRIPT).not.toMatch(/createElement|https?:\/\/|\.src\b/);
  });
});
