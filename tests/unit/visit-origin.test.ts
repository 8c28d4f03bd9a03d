// @vitest-environment happy-dom
// The visit's origin in the browser: kept in memory and in the tab's window.name, and in the origen_visita cookie
// only with analytics consent.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const setUrl = (url: string) => (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

async function freshModule() {
  vi.resetModules();
  return import("~/tracking/visit-origin");
}

function setConsent(value: string | null) {
  document.cookie = value === null ? "cookie_consent=; Max-Age=0; Path=/" : `cookie_consent=${value}; Path=/`;
}

const storedOrigin = () => {
  const match = /(?:^|;\s*)origen_visita=([^;]*)/.exec(document.cookie);
  return match?.[1] ? (JSON.parse(decodeURIComponent(match[1])) as Record<string, unknown>) : null;
};

beforeEach(() => {
  window.name = "";
  document.cookie = "origen_visita=; Max-Age=0; Path=/";
  setUrl("https://leads.example.es/?utm_source=google&gclid=abc");
});
afterEach(() => setConsent(null));

describe("visit origin", () => {
  it("without consent keeps the landing page in memory only", async () => {
    const { captureVisitOrigin, visitOrigin } = await freshModule();
    captureVisitOrigin();
    setUrl("https://leads.example.es/contacto");
    expect(visitOrigin()).toMatchObject({
      utm_source: "google",
      gclid: "abc",
      paginaEntrada: "/?utm_source=google&gclid=abc",
    });
    expect(storedOrigin()).toBeNull();
  });

  it("without consent survives a full page load in window.name, and no cookie is written", async () => {
    (await freshModule()).captureVisitOrigin();
    expect(window.name.startsWith("leads-origen:")).toBe(true);
    setUrl("https://leads.example.es/contacto");
    const next = await freshModule();
    expect(next.visitOrigin()).toMatchObject({ gclid: "abc", paginaEntrada: "/?utm_source=google&gclid=abc" });
    expect(storedOrigin()).toBeNull();
  });

  it("leaves a window.name that is not its own alone", async () => {
    window.name = "checkout-popup";
    (await freshModule()).captureVisitOrigin();
    expect(window.name).toBe("checkout-popup");
  });

  it("with analytics consent survives a full page load through its cookie", async () => {
    setConsent("v1.a1.p0");
    (await freshModule()).captureVisitOrigin();
    setUrl("https://leads.example.es/calculadora");
    const next = await freshModule();
    expect(next.captureVisitOrigin()).toMatchObject({ gclid: "abc", paginaEntrada: "/?utm_source=google&gclid=abc" });
  });

  it("stores after a later 'Aceptar' and removes the copy when analytics consent is withdrawn", async () => {
    const { captureVisitOrigin, rememberVisitOrigin } = await freshModule();
    captureVisitOrigin();
    setConsent("v1.a1.p1");
    rememberVisitOrigin();
    expect(storedOrigin()).toMatchObject({ gclid: "abc", paginaEntrada: "/?utm_source=google&gclid=abc" });
    setConsent("v1.a0.p1");
    rememberVisitOrigin();
    expect(storedOrigin()).toBeNull();
  });

  it("ignores a broken or forged cookie", async () => {
    setConsent("v1.a1.p0");
    document.cookie = "origen_visita=%7B%22gclid%22%3A; Path=/";
    setUrl("https://leads.example.es/contacto");
    window.name = "";
    expect((await freshModule()).captureVisitOrigin()).toEqual({ paginaEntrada: "/contacto" });
  });
});
