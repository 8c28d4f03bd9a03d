/**
 * Security headers, decided in one place. Every response gets the static set; HTML documents get a
 * Content-Security-Policy that allows their own inline scripts by sha256 hash (no nonce, so a cached
 * page stays byte-identical and keeps its ETag), the ad/analytics hosts only when a tracking id is
 * configured, and framing only by the site itself and its Sanity Studio.
 */
import { createHash } from "node:crypto";

import { sanitySettings } from "./env.server";

/** Sanity's image CDN: content images come from there when Sanity is the content source (docs/images.md). */
export const SANITY_IMAGE_CDN = "https://cdn.sanity.io";

/** The part of the site settings that shapes the policy. */
export interface SecuritySettings {
  studioUrl?: string | null;
  tracking?: { googleAdsId?: string | null; metaPixelId?: string | null } | null;
}

const GOOGLE = {
  script: [
    "https://www.googletagmanager.com",
    "https://www.googleadservices.com",
    "https://googleads.g.doubleclick.net",
  ],
  connect: [
    "https://www.google-analytics.com",
    "https://*.google-analytics.com",
    "https://www.googletagmanager.com",
    "https://www.googleadservices.com",
    "https://googleads.g.doubleclick.net",
    "https://www.google.com",
    "https://www.google.es",
  ],
  img: [
    "https://www.google-analytics.com",
    "https://www.googletagmanager.com",
    "https://googleads.g.doubleclick.net",
    "https://www.google.com",
    "https://www.google.es",
  ],
  frame: ["https://www.googletagmanager.com", "https://td.doubleclick.net"],
};
const META = {
  script: ["https://connect.facebook.net"],
  connect: ["https://www.facebook.com", "https://connect.facebook.net"],
  img: ["https://www.facebook.com"],
  frame: ["https://www.facebook.com"],
};

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** sha256 source expressions for every inline <script> of a document (external ones need none). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The origin of a configured URL, or null when it is missing or not http(s). */
export function originOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const { protocol, origin } = new URL(url);
    return protocol === "https:" || protocol === "http:" ? origin : null;
  } catch {
    return null;
  }
}

function trackingHosts(settings: SecuritySettings | null | undefined) {
  const enabled = [
    settings?.tracking?.googleAdsId?.trim() ? GOOGLE : null,
    settings?.tracking?.metaPixelId?.trim() ? META : null,
  ].filter((hosts) => hosts !== null);
  const pick = (kind: keyof typeof GOOGLE) => enabled.flatMap((hosts) => hosts[kind]);
  return { script: pick("script"), connect: pick("connect"), img: pick("img"), frame: pick("frame") };
}

/** frame-ancestors: the site itself and, when configured, the Studio origin (for its preview pane). */
export function frameAncestors(settings: SecuritySettings | null | undefined): string {
  const studio = originOf(settings?.studioUrl);
  return ["'self'", studio].filter(Boolean).join(" ");
}

/** What a draft preview answer adds: the Studio may frame it, and the overlay injects its own styles. */
export interface PreviewPolicy {
  studioUrl: string;
}

/**
 * The policy of an HTML document: its own inline scripts by hash, same-origin everything else. A preview
 * answer (never cached, never public) also lets the configured Studio frame it and allows inline styles.
 */
export function documentContentSecurityPolicy(
  html: string,
  settings: SecuritySettings | null | undefined,
  preview: PreviewPolicy | null = null,
): string {
  const hosts = trackingHosts(settings);
  const studio = preview ? originOf(preview.studioUrl) : null;
  const ancestors = [frameAncestors(settings), studio].filter(Boolean).join(" ");
  const directives: Array<[string, string[]]> = [
    ["default-src", ["'self'"]],
    ["script-src", ["'self'", ...inlineScriptHashes(html), ...hosts.script]],
    ["style-src", preview ? ["'self'", "'unsafe-inline'"] : ["'self'"]],
    ["style-src-attr", ["'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", ...(sanitySettings() ? [SANITY_IMAGE_CDN] : []), ...hosts.img]],
    ["font-src", ["'self'"]],
    ["connect-src", ["'self'", ...hosts.connect, ...(studio ? [studio] : [])]],
    ["frame-src", hosts.frame.length ? hosts.frame : ["'none'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", [preview ? [...new Set(ancestors.split(" "))].join(" ") : frameAncestors(settings)]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(" ")}`).join("; ");
}

/** The policy of everything that is not a document (data, assets, resource routes, errors). */
export const RESOURCE_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

export const PERMISSIONS_POLICY =
  "accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()";

export const STRICT_TRANSPORT_SECURITY = "max-age=31536000";

/**
 * Headers every response carries. The Content-Security-Policy here is the strict one for non-documents;
 * documents replace it with documentContentSecurityPolicy().
 */
export function baseSecurityHeaders({ https }: { https: boolean }): Record<string, string> {
  return {
    "Content-Security-Policy": RESOURCE_CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": PERMISSIONS_POLICY,
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(https ? { "Strict-Transport-Security": STRICT_TRANSPORT_SECURITY } : {}),
  };
}
