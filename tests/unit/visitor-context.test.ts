// The visitor context: what a request's cookies, User-Agent and client address say, read once per request
// and never failing: a broken cookie reads as "none".
import { describe, expect, it } from "vitest";

import { readVisitor, visitorFromHeaders } from "~/visitor/context.server";

const ID = "Qm9yZGVyLXRlc3QtaWQtMQ";
const VISIT = { utm_source: "google", paginaEntrada: "/reformas?utm_source=google" };

describe("the visitor context", () => {
  it("reads consent, the experiment cookie, the visit origin, the address and the User-Agent", () => {
    const cookieHeader = [
      "cookie_consent=v1.a1.p0",
      `experimentos=${ID}|titular-reformas.b`,
      `origen_visita=${encodeURIComponent(JSON.stringify(VISIT))}`,
    ].join("; ");
    const request = new Request("http://localhost/reformas", { headers: { cookie: cookieHeader, "user-agent": "UA" } });
    expect(readVisitor(request, { clientIp: "203.0.113.7" })).toEqual({
      consent: { analytics: true, advertising: false },
      browserId: ID,
      assignments: new Map([["titular-reformas", "b"]]),
      hasExperimentCookie: true,
      origin: VISIT,
      hasOriginCookie: true,
      clientIp: "203.0.113.7",
      userAgent: "UA",
    });
  });

  it("reads broken or missing cookies as none, without throwing", () => {
    const defaults = {
      consent: null,
      browserId: null,
      assignments: new Map(),
      origin: null,
      clientIp: "unknown",
      userAgent: null,
    };
    for (const cookieHeader of [
      null,
      "",
      "=;;=%;;",
      "cookie_consent=%",
      'cookie_consent="v1.a1.p1',
      "origen_visita=%",
    ]) {
      expect(visitorFromHeaders({ cookieHeader })).toMatchObject({
        ...defaults,
        hasExperimentCookie: false,
        hasOriginCookie: cookieHeader === "origen_visita=%",
      });
    }
    // A broken experiment cookie is there (to be removed without consent) but assigns nothing.
    expect(visitorFromHeaders({ cookieHeader: "experimentos=%%%; origen_visita={no" })).toMatchObject({
      ...defaults,
      hasExperimentCookie: true,
      hasOriginCookie: true,
    });
    // No load context, or one without an address: the shared bucket.
    expect(readVisitor(new Request("http://localhost/"), undefined).clientIp).toBe("unknown");
    expect(readVisitor(new Request("http://localhost/"), { clientIp: 42 }).clientIp).toBe("unknown");
  });
});
