/**
 * What the app reads from a request's own URL and its Referer. The production server builds
 * `request.url` at its boundary (server/remix-handler.ts): scheme from the trusted proxy or the public
 * URL, host from a well-formed Host header. So here `https:` in `request.url` is the one answer to
 * "did the visitor come over https", and no code reads X-Forwarded-Proto itself.
 */

/** True when the visitor reached the site over https. */
export function isHttpsRequest(request: Request): boolean {
  return request.url.startsWith("https:");
}

/** The Referer when it is a page of this site (same host as the request), else null. Never throws. */
export function sameSiteReferer(request: Request): URL | null {
  const value = request.headers.get("referer");
  if (!value) return null;
  try {
    const referer = new URL(value);
    return referer.host === new URL(request.url).host ? referer : null;
  } catch {
    return null;
  }
}
