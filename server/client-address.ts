/**
 * What a request says about the visitor that only proxies of our own may vouch for: the visitor's
 * address and whether they came over https. Directly on the internet (TRUST_PROXY_HOPS=0) every
 * X-Forwarded-* header is ignored: anyone can write one.
 */

/**
 * The visitor's address for the form rate limit. Directly on the internet it is the socket's address
 * and X-Forwarded-For is ignored (anyone can write it). Behind N reverse proxies of our own
 * (TRUST_PROXY_HOPS=N, e.g. 1 for one load balancer) the socket holds the nearest proxy's address, so
 * the visitor is the entry N places from the right of X-Forwarded-For + socket: the one our outermost
 * proxy saw. Entries further left were written by the client and are not trusted.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
): string | undefined {
  if (trustedHops <= 0) return socketAddress;
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const chain = [
    ...header
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
    ...(socketAddress ? [socketAddress] : []),
  ];
  if (chain.length === 0) return undefined;
  return chain[Math.max(0, chain.length - 1 - trustedHops)];
}

/** TRUST_PROXY_HOPS: how many reverse proxies of our own stand in front of the server (default 0). */
export function trustedProxyHops(env: Record<string, string | undefined> = process.env): number {
  const hops = Number(env.TRUST_PROXY_HOPS?.trim() || 0);
  return Number.isInteger(hops) && hops > 0 ? Math.min(hops, 10) : 0;
}

/**
 * The value of a comma-separated X-Forwarded-* header that the outermost of our `trustedHops` proxies
 * wrote: each proxy appends, so that is the entry `trustedHops` places from the right (the first one when
 * the list is shorter). Entries further left came from the client. Undefined at 0 hops or without one.
 */
export function trustedForwardedValue(header: string | string[] | undefined, trustedHops: number): string | undefined {
  if (trustedHops <= 0 || header === undefined) return undefined;
  const entries = (Array.isArray(header) ? header.join(",") : header)
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return undefined;
  return entries[Math.max(0, entries.length - trustedHops)];
}

/**
 * The host the visitor asked for: X-Forwarded-Host as our own proxies wrote it (TRUST_PROXY_HOPS > 0),
 * else the Host header. At 0 hops a client's own X-Forwarded-Host is never believed.
 */
export function requestHost(
  host: string | undefined,
  forwardedHost: string | string[] | undefined,
  trustedHops: number,
): string | undefined {
  return trustedForwardedValue(forwardedHost, trustedHops) ?? (host?.trim() || undefined);
}

/**
 * True when the visitor reached the site over https: the site's configured public URL is https, or a
 * proxy of our own (TRUST_PROXY_HOPS > 0) says so in X-Forwarded-Proto (the value of the outermost trusted
 * hop). Without a trusted proxy the header is ignored.
 */
export function isHttpsRequest(
  forwardedProto: string | string[] | undefined,
  { trustedProxyHops, publicSiteUrl }: { trustedProxyHops: number; publicSiteUrl?: string },
): boolean {
  if (/^https:/i.test(publicSiteUrl?.trim() ?? "")) return true;
  return trustedForwardedValue(forwardedProto, trustedProxyHops)?.toLowerCase() === "https";
}
