import { createHash } from "node:crypto";

import { describe, expect, it } from "vitest";

import {
  baseSecurityHeaders,
  documentContentSecurityPolicy,
  frameAncestors,
  inlineScriptHashes,
} from "~/lib/security-headers.server";

const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

function directive(csp: string, name: string): string[] {
  const part = csp
    .split(";")
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${name} `));
  return part ? part.split(/\s+/).slice(1) : [];
}

const html = `<!DOCTYPE html><html><head><script>window.__ctx = {"a":"ñ"};</script>
<script type="module" async="">import "/build/entry.client-ABC.js";</script>
<script src="/build/x.js"></script><script type="application/ld+json">{"@type":"Service"}</script>
<script></script></head><body><script>window.__ctx = {"a":"ñ"};</script></body></html>`;

describe("inlineScriptHashes", () => {
  it("hashes every inline script body exactly once, skipping external and empty scripts", () => {
    expect(inlineScriptHashes(html)).toEqual([
      sha('window.__ctx = {"a":"ñ"};'),
      sha('import "/build/entry.client-ABC.js";'),
      sha('{"@type":"Service"}'),
    ]);
  });
});

describe("documentContentSecurityPolicy", () => {
  it("allows the page's inline scripts by hash and same-origin code, nothing inline by default", () => {
    const csp = documentContentSecurityPolicy(html, null);
    const scripts = directive(csp, "script-src");
    expect(scripts[0]).toBe("'self'");
    expect(scripts).toContain(sha('import "/build/entry.client-ABC.js";'));
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/nonce-/);
    expect(directive(csp, "default-src")).toEqual(["'self'"]);
    expect(directive(csp, "object-src")).toEqual(["'none'"]);
    expect(directive(csp, "frame-ancestors")).toEqual(["'self'"]);
    expect(directive(csp, "form-action")).toEqual(["'self'"]);
    expect(csp).not.toMatch(/google|facebook|doubleclick/);
  });

  it("adds the Google hosts only with a Google Ads id, and the Meta hosts only with a pixel id", () => {
    const google = documentContentSecurityPolicy(html, { tracking: { googleAdsId: "AW-1" } });
    expect(directive(google, "script-src")).toContain("https://www.googletagmanager.com");
    expect(directive(google, "connect-src")).toContain("https://www.google-analytics.com");
    expect(google).not.toMatch(/facebook/);

    const meta = documentContentSecurityPolicy(html, { tracking: { metaPixelId: "123" } });
    expect(directive(meta, "script-src")).toContain("https://connect.facebook.net");
    expect(directive(meta, "connect-src")).toContain("https://www.facebook.com");
    expect(meta).not.toMatch(/google/);

    const blank = documentContentSecurityPolicy(html, { tracking: { googleAdsId: "  ", metaPixelId: "" } });
    expect(blank).not.toMatch(/google|facebook/);
  });
});

describe("documentContentSecurityPolicy image hosts", () => {
  it("allows Sanity's image CDN only when Sanity is the content source", () => {
    const saved = process.env.SANITY_PROJECT_ID;
    try {
      delete process.env.SANITY_PROJECT_ID;
      expect(directive(documentContentSecurityPolicy(html, null), "img-src")).toEqual(["'self'", "data:"]);
      process.env.SANITY_PROJECT_ID = "abc123";
      expect(directive(documentContentSecurityPolicy(html, null), "img-src")).toEqual([
        "'self'",
        "data:",
        "https://cdn.sanity.io",
      ]);
    } finally {
      if (saved === undefined) delete process.env.SANITY_PROJECT_ID;
      else process.env.SANITY_PROJECT_ID = saved;
    }
  });
});

describe("frameAncestors", () => {
  it("allows the site and the origin of the Studio URL, ignoring anything that is not an http(s) URL", () => {
    expect(frameAncestors({ studioUrl: "https://studio.example.es/desk/sector" })).toBe(
      "'self' https://studio.example.es",
    );
    expect(frameAncestors({ studioUrl: "javascript:alert(1)" })).toBe("'self'");
    expect(frameAncestors({ studioUrl: "no es una url" })).toBe("'self'");
    expect(frameAncestors(null)).toBe("'self'");
  });
});

describe("baseSecurityHeaders", () => {
  it("sends HSTS only over https", () => {
    expect(baseSecurityHeaders({ https: false })["Strict-Transport-Security"]).toBeUndefined();
    expect(baseSecurityHeaders({ https: true })["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
  });

  it("carries nosniff, the referrer policy and a Permissions-Policy that turns off camera, microphone and geolocation", () => {
    const headers = baseSecurityHeaders({ https: false });
    expect(headers["X-Content-Type-Options"]).toBe("nosniff");
    expect(headers["Referrer-Policy"]).toBe("strict-origin-when-cross-origin");
    for (const feature of ["camera", "microphone", "geolocation"])
      expect(headers["Permissions-Policy"]).toContain(`${feature}=()`);
    expect(headers["Content-Security-Policy"]).toMatch(/default-src 'none'/);
  });
});
