// @vitest-environment happy-dom
// The visit's origin in the browser: kept in memory, and in session storage only with analytics consent.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const setUrl = (url: string) => (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

async function freshModule() {
  vi.resetModules();
  return import("~/tracking/visit-origin");
}

function setConsent(value: string | null) {
  document.cookie = value === null ? "cookie_consent=; Max-Age=0; Path=/" : `cookie_consent=${value}; Path=/`;
}

beforeEach(() => {
  window.sessionStorage.clear();
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
    expect(window.sessionStorage.getItem("origen")).toBeNull();
  });

  it("with analytics consent survives a full page load through session storage", async () => {
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
    expect(JSON.parse(window.sessionStorage.getItem("origen")!)).toMatchObject({ gclid: "abc" });
    setConsent("v1.a0.p1");
    rememberVisitOrigin();
    expect(window.sessionStorage.getItem("origen")).toBeNull();
  });
});
