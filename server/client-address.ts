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
 * True when the visitor reached the site over https: the site's configured public URL is https, or a
 * proxy of our own (TRUST_PROXY_HOPS > 0) says so in X-Forwarded-Proto. Of a list of values, the one
 * N places from the right counts (the one our outermost proxy wrote; a proxy that appends leaves the
 * client's own claim further left); a single value is the one our proxy set. Without a trusted proxy the
 * header is ignored.
 */
export function isHttpsRequest(
  forwardedProto: string | string[] | undefined,
  { trustedProxyHops, publicSiteUrl }: { trustedProxyHops: number; publicSiteUrl?: string },
): boolean {
  if (/^https:/i.test(publicSiteUrl?.trim() ?? "")) return true;
  if (trustedProxyHops <= 0) return false;
  const values = (Array.isArray(forwardedProto) ? forwardedProto.join(",") : (forwardedProto ?? ""))
    .split(",")
    .map((value) => value.trim().toLowerCase())
    .filter(Boolean);
  return values[Math.max(0, values.length - trustedProxyHops)] === "https";
}
