// @vitest-environment happy-dom
// Conversion events: Google Ads + Meta 'Lead' on each successful submission, only with advertising
// consent, once per lead id, with the spec's values (100 EUR, 20 EUR for the contact conversion).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { onLeadStored } from "~/components/forms/lead-events";
import { conversionCalls, conversionKindOf, reportConversion } from "~/tracking/conversions";
import { configureTracking } from "~/tracking/tags";

const IDS = {
  googleAdsId: "AW-111",
  googleAdsLeadLabel: "leadLabel",
  googleAdsContactLabel: "contactLabel",
  metaPixelId: "222",
};

describe("conversionCalls", () => {
  it("counts the landing/contact form as the contact conversion and every other form as a lead", () => {
    expect(conversionKindOf("contacto")).toBe("contact");
    for (const form of ["calculadora", "plan-mensual", "plan-cpl", "iniciar-servicio"])
      expect(conversionKindOf(form)).toBe("lead");
  });

  it("sends a lead as a 100 EUR Google Ads conversion and a Meta Lead, both keyed by the lead id", () => {
    expect(conversionCalls("lead", "lead-1", IDS)).toEqual({
      gtag: [
        "event",
        "conversion",
        { send_to: "AW-111/leadLabel", value: 100, currency: "EUR", transaction_id: "lead-1" },
      ],
      fbq: ["track", "Lead", { value: 100, currency: "EUR" }, { eventID: "lead-1" }],
      warnings: [],
    });
  });

  it("sends the contact conversion as 20 EUR with the contact label", () => {
    const calls = conversionCalls("contact", "c-9", IDS);
    expect(calls.gtag).toEqual([
      "event",
      "conversion",
      { send_to: "AW-111/contactLabel", value: 20, currency: "EUR", transaction_id: "c-9" },
    ]);
    expect(calls.fbq).toEqual(["track", "Lead", { value: 20, currency: "EUR" }, { eventID: "c-9" }]);
  });

  it("sends nothing and warns for each missing id or label", () => {
    const none = conversionCalls("lead", "x", {});
    expect(none.gtag).toBeUndefined();
    expect(none.fbq).toBeUndefined();
    expect(none.warnings).toHaveLength(2);
    const noLabel = conversionCalls("contact", "x", { googleAdsId: "AW-1", metaPixelId: "2" });
    expect(noLabel.gtag).toBeUndefined();
    expect(noLabel.fbq).toBeDefined();
    expect(noLabel.warnings.join()).toMatch(/googleAdsContactLabel/);
  });
});

describe("in the browser", () => {
  let gtag: ReturnType<typeof vi.fn<(...args: unknown[]) => void>>;
  let fbq: ReturnType<typeof vi.fn<(...args: unknown[]) => void>>;
  let appendToHead: { mock: { calls: unknown[][] } };
  const injectedScripts = () => appendToHead.mock.calls.map((call: unknown[]) => (call[0] as HTMLScriptElement).src);

  function setConsent(value: string | null) {
    document.cookie = value === null ? "cookie_consent=; Max-Age=0; Path=/" : `cookie_consent=${value}; Path=/`;
  }

  beforeEach(() => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    configureTracking(IDS);
    gtag = vi.fn<(...args: unknown[]) => void>();
    fbq = vi.fn<(...args: unknown[]) => void>();
    window.gtag = gtag;
    window.fbq = Object.assign(fbq, { queue: [] }) as never;
    window.sessionStorage.clear();
    // Records the tag scripts instead of letting happy-dom try to fetch them.
    appendToHead = vi.spyOn(document.head, "appendChild").mockImplementation((node) => node);
  });
  afterEach(() => {
    setConsent(null);
    vi.restoreAllMocks();
  });

  function conversionEvents() {
    return gtag.mock.calls.filter((call) => call[1] === "conversion");
  }
  function leadEvents() {
    return fbq.mock.calls.filter((call) => call[1] === "Lead");
  }

  it("sends nothing before a choice, after 'Rechazar' or with analytics only", () => {
    for (const [index, consent] of [null, "v1.a0.p0", "v1.a1.p0"].entries()) {
      setConsent(consent);
      expect(reportConversion("lead", `id-${index}`)).toBe(false);
    }
    expect(gtag).not.toHaveBeenCalled();
    expect(fbq).not.toHaveBeenCalled();
    expect(injectedScripts()).toEqual([]);
  });

  it("with advertising consent sends each event once per lead id", () => {
    setConsent("v1.a0.p1");
    expect(reportConversion("lead", "lead-1")).toBe(true);
    expect(injectedScripts()).toEqual([
      "https://www.googletagmanager.com/gtag/js?id=AW-111",
      "https://connect.facebook.net/en_US/fbevents.js",
    ]);
    expect(reportConversion("lead", "lead-1")).toBe(false);
    expect(reportConversion("contact", "lead-2")).toBe(true);
    expect(conversionEvents().map((call) => call[2])).toEqual([
      { send_to: "AW-111/leadLabel", value: 100, currency: "EUR", transaction_id: "lead-1" },
      { send_to: "AW-111/contactLabel", value: 20, currency: "EUR", transaction_id: "lead-2" },
    ]);
    expect(leadEvents().map((call) => call.slice(2))).toEqual([
      [{ value: 100, currency: "EUR" }, { eventID: "lead-1" }],
      [{ value: 20, currency: "EUR" }, { eventID: "lead-2" }],
    ]);
  });

  it("a stored lead reported by a form fires once, at 20 EUR for the contact form and 100 EUR for the others", () => {
    setConsent("v1.a1.p1");
    onLeadStored({ form: "contacto", id: "c-1" });
    onLeadStored({ form: "contacto", id: "c-1" });
    onLeadStored({ form: "calculadora", id: "k-1" });
    onLeadStored({ form: "plan-cpl", id: "p-1" });
    const sent = conversionEvents().map(
      (call) => call[2] as { transaction_id: string; value: number; send_to: string },
    );
    expect(sent.map((event) => [event.transaction_id, event.value, event.send_to])).toEqual([
      ["c-1", 20, "AW-111/contactLabel"],
      ["k-1", 100, "AW-111/leadLabel"],
      ["p-1", 100, "AW-111/leadLabel"],
    ]);
    expect(leadEvents()).toHaveLength(3);
  });

  it("without ids, sends nothing and warns", () => {
    configureTracking({});
    setConsent("v1.a1.p1");
    expect(reportConversion("lead", "w-1")).toBe(false);
    expect(gtag).not.toHaveBeenCalled();
    expect(console.warn).toHaveBeenCalledWith(expect.stringMatching(/Google Ads tag absent/));
  });
});
