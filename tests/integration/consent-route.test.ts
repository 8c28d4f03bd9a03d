// The banner's form target (/api/consent), used when the app script did not take over.
import { describe, expect, it } from "vitest";

import { action, loader } from "~/routes/api.consent";

import { callAction, TEST_ORIGIN } from "../support/routes";
import { seedDocument } from "../support/seed-content";

function post(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return callAction(action, "/api/consent", {
    method: "POST",
    body: new URLSearchParams(fields),
    headers,
  }) as Promise<Response>;
}

/** A POST with any body and Content-Type (or none), as a script or a broken client may send it. */
function postRaw(body: BodyInit | null, contentType: string | null) {
  const headers: Record<string, string> = contentType ? { "content-type": contentType } : {};
  const request = new Request(`${TEST_ORIGIN}/api/consent`, { method: "POST", body, headers });
  if (!contentType) request.headers.delete("content-type");
  return action({ request, params: {}, context: {} });
}

describe("POST /api/consent", () => {
  it("stores 'Rechazar' in cookie_consent and sends the visitor back to the page they were on", async () => {
    const response = await post({ decision: "reject" }, { referer: `${TEST_ORIGIN}/calculadora?x=1` });
    expect(response.status).toBe(303);
    expect(response.headers.get("Location")).toBe("/calculadora?x=1");
    const cookie = response.headers.get("Set-Cookie") ?? "";
    expect(cookie).toMatch(/^cookie_consent=v1\.a0\.p0; Max-Age=\d+; Path=\/; SameSite=Lax$/);
  });

  it("stores the switches on 'Guardar', all on 'Aceptar', and marks the cookie Secure behind https", async () => {
    const saved = await post({ decision: "save", advertising: "1" });
    expect(saved.headers.get("Set-Cookie")).toMatch(/^cookie_consent=v1\.a0\.p1;/);
    // The server sets the request URL's scheme at its boundary (trusted proxy or public URL).
    const request = new Request("https://leads.example.es/api/consent", {
      method: "POST",
      body: new URLSearchParams({ decision: "accept" }),
      headers: { "x-forwarded-proto": "http" },
    });
    const accepted = await action({ request, params: {}, context: {} });
    expect(accepted.headers.get("Set-Cookie")).toMatch(/^cookie_consent=v1\.a1\.p1;.*; Secure$/);
    const plain = await post({ decision: "accept" }, { "x-forwarded-proto": "https" });
    expect(plain.headers.get("Set-Cookie")).not.toMatch(/Secure/);
  });

  it("never redirects to another site", async () => {
    const response = await post({ decision: "accept" }, { referer: "https://evil.example/phish" });
    expect(response.headers.get("Location")).toBe("/");
  });

  it("leads 'Configurar' to the cookie policy and refuses an unknown decision", async () => {
    const configure = await post({ decision: "configure" });
    expect(configure.headers.get("Location")).toBe("/legal#cookies");
    expect(configure.headers.get("Set-Cookie")).toBeNull();
    const unknown = await post({ decision: "maybe" });
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get("Set-Cookie")).toBeNull();
    const get = loader() as Response;
    expect(get.status).toBe(303);
  });

  it("refuses a body that is not a form with a 4xx and a Spanish message, and sets no cookie", async () => {
    const cases: Array<[BodyInit | null, string | null, number]> = [
      ['{"decision":"accept"}', "application/json", 415],
      ["decision=accept", "text/plain", 415],
      ["--x\r\nContent-Disposition: form-data; name=decision\r\n\r\naccept\r\n--x--", "multipart/form-data", 400],
      ['{"decision":"accept"}', null, 400],
      [null, null, 400],
    ];
    for (const [body, contentType, status] of cases) {
      const response = await postRaw(body, contentType);
      expect(response.status, `${contentType} ${String(body)}`).toBe(status);
      expect(response.headers.get("Set-Cookie")).toBeNull();
      const { error } = (await response.json()) as { error: string };
      expect(error).toMatch(/formulario|Elección de cookies no válida/);
    }
  });

  it("without JavaScript keeps the posting page's campaign in origen_visita on 'Aceptar', removes it on 'Rechazar'", async () => {
    const accepted = await post({ decision: "accept" }, { referer: `${TEST_ORIGIN}/?utm_source=google&gclid=abc` });
    const cookies = accepted.headers.getSetCookie();
    expect(cookies[0]).toMatch(/^cookie_consent=v1\.a1\.p1;/);
    const origin = cookies.find((cookie) => cookie.startsWith("origen_visita="))!;
    expect(origin).toMatch(/; Path=\/; SameSite=Lax$/);
    expect(origin).not.toMatch(/Max-Age|Expires/);
    expect(JSON.parse(decodeURIComponent(origin.split(";")[0]!.slice("origen_visita=".length)))).toEqual({
      utm_source: "google",
      gclid: "abc",
      paginaEntrada: "/?utm_source=google&gclid=abc",
    });

    const rejected = await post({ decision: "reject" }, { cookie: "origen_visita=x", referer: `${TEST_ORIGIN}/` });
    expect(rejected.headers.getSetCookie()[1]).toMatch(/^origen_visita=; Path=\/; SameSite=Lax; Max-Age=0/);
    const advertisingOnly = await post({ decision: "save", advertising: "1" }, { referer: `${TEST_ORIGIN}/?gclid=x` });
    expect(advertisingOnly.headers.getSetCookie()).toHaveLength(1);
  });

  it("removes the A/B experiment cookie when analytics is refused, and leaves it otherwise", async () => {
    const rejected = await post(
      { decision: "reject" },
      { cookie: "experimentos=titular-reformas.b", referer: `${TEST_ORIGIN}/` },
    );
    expect(rejected.headers.getSetCookie()).toContain("experimentos=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
    const accepted = await post(
      { decision: "accept" },
      { cookie: "experimentos=titular-reformas.b", referer: `${TEST_ORIGIN}/` },
    );
    expect(accepted.headers.getSetCookie().some((cookie) => cookie.startsWith("experimentos="))).toBe(false);
  });

  it("names the A/B experiment cookie in the cookie policy", () => {
    const policy = (seedDocument("legalPage").cookiePolicy as Array<{ children?: Array<{ text?: string }> }>)
      .flatMap((block) => block.children ?? [])
      .map((span) => span.text ?? "");
    expect(policy).toContain("experimentos");
  });

  it("names every cookie that 'Aceptar' sets in the cookie policy the legal page shows", async () => {
    const accepted = await post({ decision: "accept" }, { referer: `${TEST_ORIGIN}/?utm_source=google` });
    const names = accepted.headers.getSetCookie().map((cookie) => cookie.slice(0, cookie.indexOf("=")));
    expect(names).toEqual(["cookie_consent", "origen_visita"]);
    const policy = (seedDocument("legalPage").cookiePolicy as Array<{ children?: Array<{ text?: string }> }>)
      .flatMap((block) => block.children ?? [])
      .map((span) => span.text ?? "");
    // Each cookie is a bolded list item of its own: its name alone in a span.
    for (const name of names) expect(policy).toContain(name);
  });
});
