// Attribution: the campaign that brought the visit travels with every lead as `origen`.
import { describe, expect, it } from "vitest";

import { campaignParams, completeOrigin, mergeOrigin, originOfPage, parseOrigin } from "~/tracking/attribution";
import { originFromRequest } from "~/tracking/attribution.server";
import { readVisitor } from "~/visitor/context.server";

const SITE = "https://leads.example.es";

describe("originOfPage", () => {
  it("keeps every UTM parameter and click id, the landing path and an outside referrer without its query", () => {
    const origin = originOfPage(
      `${SITE}/sectores/energia?utm_source=google&utm_medium=cpc&utm_campaign=energia&utm_term=leads%20b2b&utm_content=a1&gclid=abc&gbraid=gb&wbraid=wb&fbclid=fb&other=1#faq`,
      "https://www.google.com/search?q=leads+b2b",
    );
    expect(origin).toEqual({
      utm_source: "google",
      utm_medium: "cpc",
      utm_campaign: "energia",
      utm_term: "leads b2b",
      utm_content: "a1",
      gclid: "abc",
      gbraid: "gb",
      wbraid: "wb",
      fbclid: "fb",
      paginaEntrada:
        "/sectores/energia?utm_source=google&utm_medium=cpc&utm_campaign=energia&utm_term=leads%20b2b&utm_content=a1&gclid=abc&gbraid=gb&wbraid=wb&fbclid=fb&other=1",
      urlReferencia: "https://www.google.com/search",
    });
  });

  it("does not count the site itself, an empty referrer or a non-web one as a referrer", () => {
    expect(originOfPage(`${SITE}/calculadora`, `${SITE}/`)).toEqual({ paginaEntrada: "/calculadora" });
    expect(originOfPage(`${SITE}/`, "")).toEqual({ paginaEntrada: "/" });
    expect(originOfPage(`${SITE}/`, "android-app://com.google")).toEqual({ paginaEntrada: "/" });
  });

  it("ignores empty parameters and cuts absurdly long ones", () => {
    const params = campaignParams(`${SITE}/?utm_source=&gclid=${"x".repeat(2000)}`);
    expect(params.utm_source).toBeUndefined();
    expect(params.gclid).toHaveLength(500);
  });
});

describe("mergeOrigin", () => {
  const landing = originOfPage(`${SITE}/?utm_source=google&gclid=abc`, "https://www.google.com/");

  it("keeps the first page of the visit while the visitor moves around the site", () => {
    const later = originOfPage(`${SITE}/calculadora`, `${SITE}/`);
    expect(mergeOrigin(landing, later)).toEqual(landing);
    expect(mergeOrigin(mergeOrigin(landing, later), originOfPage(`${SITE}/contacto`, `${SITE}/calculadora`))).toEqual(
      landing,
    );
  });

  it("takes the current page when nothing is stored yet", () => {
    expect(mergeOrigin(null, landing)).toEqual(landing);
  });

  it("lets a new ad click in the same session replace the earlier campaign", () => {
    const meta = originOfPage(`${SITE}/mensual?utm_source=facebook&fbclid=fb1`, "https://l.facebook.com/");
    expect(mergeOrigin(landing, meta)).toEqual(meta);
    expect(mergeOrigin(landing, originOfPage(`${SITE}/?utm_source=google&gclid=abc`, ""))).toEqual(landing);
  });

  it("lets an outside referrer replace a direct visit, not a campaign", () => {
    const direct = originOfPage(`${SITE}/`, "");
    const fromBlog = originOfPage(`${SITE}/sectores`, "https://blog.example.com/post");
    expect(mergeOrigin(direct, fromBlog)).toEqual(fromBlog);
    expect(mergeOrigin(landing, fromBlog)).toEqual(landing);
  });
});

describe("parseOrigin", () => {
  it("keeps only known fields as strings, a site path as landing page and a web URL as referrer", () => {
    expect(
      parseOrigin(
        JSON.stringify({
          utm_source: "google",
          gclid: 42,
          paginaEntrada: "https://evil.example/",
          urlReferencia: "javascript:alert(1)",
          consentimiento: { elegido: true, analitica: true, publicidad: true },
          nombre: "x",
        }),
      ),
    ).toEqual({ utm_source: "google" });
    expect(parseOrigin({ paginaEntrada: "/?a=1", urlReferencia: "https://x.example/p" })).toEqual({
      paginaEntrada: "/?a=1",
      urlReferencia: "https://x.example/p",
    });
  });

  it("answers null for nothing, broken JSON or a non-object", () => {
    for (const value of [null, undefined, "", "{", "[1]", "3", 7]) expect(parseOrigin(value)).toBeNull();
  });
});

describe("completeOrigin", () => {
  it("uses the browser's whole campaign set over the request's", () => {
    expect(
      completeOrigin({ utm_source: "google", paginaEntrada: "/" }, [
        { utm_source: "bing", utm_medium: "cpc", paginaEntrada: "/contacto" },
      ]),
    ).toEqual({ utm_source: "google", paginaEntrada: "/" });
  });

  it("falls back to the request's data, the first fallback winning", () => {
    expect(
      completeOrigin(null, [{ gclid: "a" }, { gclid: "b", utm_source: "google", paginaEntrada: "/contacto" }]),
    ).toEqual({
      gclid: "a",
      utm_source: "google",
      paginaEntrada: "/contacto",
    });
  });
});

describe("originFromRequest", () => {
  function post(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    const body = new URLSearchParams(fields);
    const request = new Request(`${SITE}${path}`, { method: "POST", body, headers });
    return { request, formData: body };
  }
  function formDataOf(fields: URLSearchParams) {
    const data = new FormData();
    for (const [key, value] of fields) data.append(key, value);
    return data;
  }

  it("uses the browser's origen and reads the consent state from the cookie, not from the form", () => {
    const { request, formData } = post(
      "/contacto",
      {
        nombre: "Ana",
        origen: JSON.stringify({
          utm_source: "google",
          gclid: "abc",
          paginaEntrada: "/?utm_source=google&gclid=abc",
          consentimiento: { elegido: true, analitica: true, publicidad: true },
        }),
      },
      { cookie: "cookie_consent=v1.a0.p1", referer: `${SITE}/contacto` },
    );
    expect(originFromRequest(formDataOf(formData), request, readVisitor(request))).toEqual({
      utm_source: "google",
      gclid: "abc",
      paginaEntrada: "/?utm_source=google&gclid=abc",
      consentimiento: { elegido: true, analitica: false, publicidad: true },
    });
  });

  it("without JavaScript, takes the campaign from the posting page's URL (Referer) and the action URL", () => {
    const { request, formData } = post(
      "/contacto?index&utm_campaign=verano",
      { nombre: "Ana" },
      { referer: `${SITE}/contacto?utm_source=google&gclid=abc&utm_campaign=verano` },
    );
    expect(originFromRequest(formDataOf(formData), request, readVisitor(request))).toEqual({
      utm_source: "google",
      gclid: "abc",
      utm_campaign: "verano",
      paginaEntrada: "/contacto?utm_source=google&gclid=abc&utm_campaign=verano",
      consentimiento: { elegido: false, analitica: false, publicidad: false },
    });
  });

  it("ignores a Referer from another site", () => {
    const { request, formData } = post("/contacto", {}, { referer: "https://evil.example/?utm_source=spam" });
    expect(originFromRequest(formDataOf(formData), request, readVisitor(request))).toEqual({
      consentimiento: { elegido: false, analitica: false, publicidad: false },
    });
  });
});
