// The cross-origin rule for unsafe requests (docs/decisions/0014-cross-origin-protection.md), as a table:
// Sec-Fetch-Site first, then Origin against the site's own origins, then allow.
import { describe, expect, it } from "vitest";

import { requestHost, trustedForwardedValue } from "../../server/client-address";
import { judgeCrossOrigin, originOf } from "../../server/cross-origin";

const SITE = "https://leads.example.es";
const HOST = "127.0.0.1:3000";

type Row = [string, { method?: string; secFetchSite?: string; origin?: string; requestHost?: string }, boolean];

const table: Row[] = [
  // Safe methods always pass, whatever they say.
  ["GET from another site", { method: "GET", secFetchSite: "cross-site", origin: "https://evil.example" }, true],
  ["HEAD from another site", { method: "HEAD", secFetchSite: "cross-site" }, true],
  ["OPTIONS with a foreign Origin", { method: "OPTIONS", origin: "https://evil.example" }, true],
  // Sec-Fetch-Site decides when present.
  ["same-origin", { secFetchSite: "same-origin" }, true],
  ["none (typed address, bookmark)", { secFetchSite: "none" }, true],
  ["same-origin even with another Origin", { secFetchSite: "same-origin", origin: "https://other.example" }, true],
  ["cross-site", { secFetchSite: "cross-site" }, false],
  ["same-site (a sibling subdomain)", { secFetchSite: "same-site", origin: "https://blog.example.es" }, false],
  ["cross-site with the site's own Origin", { secFetchSite: "cross-site", origin: SITE }, false],
  ["an unknown value", { secFetchSite: "whatever" }, false],
  ["wrong letter case", { secFetchSite: "Same-Origin" }, false],
  // Without it, Origin against the request's host and PUBLIC_SITE_URL's origin.
  ["Origin is the request's host", { origin: `http://${HOST}` }, true],
  ["Origin is the request's host over https", { origin: `https://${HOST}` }, true],
  ["Origin is PUBLIC_SITE_URL's (a proxy rewrote Host)", { origin: SITE }, true],
  ["PUBLIC_SITE_URL's host over http", { origin: "http://leads.example.es" }, false],
  ["PUBLIC_SITE_URL's host on another port", { origin: "https://leads.example.es:8443" }, false],
  ["another site", { origin: "https://evil.example" }, false],
  ["a look-alike", { origin: "https://leads.example.es.evil.example" }, false],
  ["Origin null (sandboxed frame, data: URL)", { origin: "null" }, false],
  ["Origin junk", { origin: "not a url" }, false],
  ["Origin with a path", { origin: `${SITE}/x` }, false],
  ["another host than the request's", { origin: "http://127.0.0.1:3001" }, false],
  ["no Host header at all", { origin: "http://127.0.0.1:3000", requestHost: "" }, false],
  // Neither header: a script, an old client, a server-to-server webhook.
  ["neither header", {}, true],
  ["neither header, PUT", { method: "PUT" }, true],
  ["an empty Origin counts as none", { origin: "" }, true],
];

describe("judgeCrossOrigin", () => {
  it.each(table)("%s → allowed %s", (_name, row, allowed) => {
    const verdict = judgeCrossOrigin({
      method: row.method ?? "POST",
      secFetchSite: row.secFetchSite,
      origin: row.origin,
      requestHost: row.requestHost ?? HOST,
      publicOrigin: SITE,
    });
    expect(verdict.allowed).toBe(allowed);
  });

  it("applies to every unsafe method", () => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "post", "PROPFIND"]) {
      expect(
        judgeCrossOrigin({
          method,
          secFetchSite: "cross-site",
          origin: undefined,
          requestHost: HOST,
          publicOrigin: SITE,
        }).allowed,
      ).toBe(false);
    }
  });

  it("without PUBLIC_SITE_URL only the request's own host counts", () => {
    const judge = (origin: string) =>
      judgeCrossOrigin({ method: "POST", secFetchSite: undefined, origin, requestHost: HOST, publicOrigin: undefined })
        .allowed;
    expect(judge(`http://${HOST}`)).toBe(true);
    expect(judge(SITE)).toBe(false);
  });

  it("reads PUBLIC_SITE_URL's origin, ignoring its path and default port", () => {
    expect(originOf("https://leads.example.es:443/inicio")).toBe(SITE);
    expect(originOf("ftp://leads.example.es")).toBeNull();
    expect(originOf("nonsense")).toBeNull();
    expect(originOf(undefined)).toBeNull();
  });
});

describe("the request's host behind proxies", () => {
  it("never believes a client's X-Forwarded-Host at TRUST_PROXY_HOPS=0", () => {
    expect(requestHost(HOST, "evil.example", 0)).toBe(HOST);
  });

  it("believes only the hops of our own proxies, counted from the right", () => {
    expect(requestHost(HOST, "leads.example.es", 1)).toBe("leads.example.es");
    expect(requestHost(HOST, "evil.example, leads.example.es", 1)).toBe("leads.example.es");
    expect(requestHost(HOST, "leads.example.es, internal.lb", 2)).toBe("leads.example.es");
    expect(requestHost(HOST, "evil.example, leads.example.es, internal.lb", 2)).toBe("leads.example.es");
    expect(requestHost(HOST, undefined, 1)).toBe(HOST);
    expect(requestHost(HOST, " , ", 1)).toBe(HOST);
  });

  it("reads X-Forwarded-Proto the same way", () => {
    expect(trustedForwardedValue("https", 0)).toBeUndefined();
    expect(trustedForwardedValue("http, https", 1)).toBe("https");
    expect(trustedForwardedValue(["https", "http"], 1)).toBe("http");
  });
});
