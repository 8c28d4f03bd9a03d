/**
 * What a request says about the visitor that only proxies of our own may vouch for: the visitor's
 * address, whether they came over https and the host they asked for. X-Forwarded-* is believed only when
 * TRUST_PROXY_HOPS > 0 and the connection's peer is one of TRUSTED_PROXY_ADDRESSES (the proxies'
 * addresses); from any other peer (a client that reaches an instance's port directly) the socket's own
 * address, scheme and Host count. docs/production-server.md, 'What is trusted, from whom'.
 */
import { isIPv4, isIPv6 } from "node:net";

import proxyAddr from "proxy-addr";

/** TRUSTED_PROXY_ADDRESSES when unset: a proxy on the same machine (IPv4 and IPv6 loopback). */
export const DEFAULT_TRUSTED_PROXY_ADDRESSES = "127.0.0.1/8,::1";

/** A test of a connection's peer address (IPv4-mapped IPv6 peers such as `::ffff:127.0.0.1` included). */
export type PeerTest = (peer: string | undefined) => boolean;

function peerTest(entries: string[]): PeerTest {
  const trust = proxyAddr.compile(entries);
  return (peer) => {
    if (!peer) return false;
    try {
      return trust(peer, 0);
    } catch {
      return false;
    }
  };
}

/**
 * TRUSTED_PROXY_ADDRESSES (comma-separated IPs and CIDR ranges, IPv4 and IPv6; default loopback) as a
 * test of the connection's peer, compiled by proxy-addr (Express's own). Throws an Error naming the
 * first entry that is no address or range, so a bad setting stops the server at start.
 */
export function trustedProxyAddresses(env: Record<string, string | undefined> = process.env): PeerTest {
  const value = env.TRUSTED_PROXY_ADDRESSES?.trim() || DEFAULT_TRUSTED_PROXY_ADDRESSES;
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    try {
      proxyAddr.compile(entry);
    } catch {
      throw new Error(
        `TRUSTED_PROXY_ADDRESSES: "${entry}" is not an IP address or a CIDR range (e.g. 127.0.0.1, 10.0.0.0/8, ::1, fd00::/8)`,
      );
    }
  }
  return peerTest(entries);
}

const isLoopbackAddress = peerTest(["loopback"]);

/** True when an address the server listens on is reachable from other machines (not loopback). */
export function isPublicListenAddress(address: string): boolean {
  return !isLoopbackAddress(address);
}

/**
 * The hops of X-Forwarded-* a request's connection may vouch for: TRUST_PROXY_HOPS when its peer is a
 * trusted proxy, else 0 (every such header ignored).
 */
export function forwardedHops(peer: string | undefined, trustedProxyHops: number, trustedProxy: PeerTest): number {
  return trustedProxyHops > 0 && trustedProxy(peer) ? trustedProxyHops : 0;
}

/**
 * The IP address in one X-Forwarded-For entry: a bare IPv4 or IPv6 address, or one with a port as some
 * proxies write it (`203.0.113.7:5123`, `[2001:db8::1]:443`, RFC 7239's quotes); undefined for anything
 * else (`unknown`, an obfuscated name, garbage), so no client-chosen text ever becomes a key.
 */
export function forwardedIp(entry: string): string | undefined {
  const value = entry.trim().replace(/^"(.*)"$/, "$1");
  if (isIPv4(value) || isIPv6(value)) return value;
  const bracketed = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(value);
  if (bracketed && isIPv6(bracketed[1]!)) return bracketed[1];
  const withPort = /^([\d.]+):\d{1,5}$/.exec(value);
  if (withPort && isIPv4(withPort[1]!)) return withPort[1];
  return undefined;
}

/**
 * The visitor's address for the form rate limit. Directly on the internet it is the socket's address
 * and X-Forwarded-For is ignored (anyone can write it). Behind N reverse proxies of our own
 * (`trustedHops` = N: TRUST_PROXY_HOPS, from a trusted peer only, forwardedHops) the socket holds the nearest proxy's address, so
 * the visitor is the entry N places from the right of X-Forwarded-For + socket: the one our outermost
 * proxy saw. Entries further left were written by the client and are not trusted. Always an IP address
 * (forwardedIp) or the socket's address, never the header's text.
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
  const at = Math.max(0, chain.length - 1 - trustedHops);
  if (socketAddress && at === chain.length - 1) return socketAddress;
  // What our proxy wrote is parsed to its IP; a value that is none counts as the proxy's own address.
  return forwardedIp(chain[at]!) ?? socketAddress;
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
 * The id our proxy gave a request (`X-Request-Id`: nginx's `$request_id`, set on every request it passes on,
 * and the same on a request it resends to another instance), so a lead post resent is stored once
 * (app/leads/action.server.ts). Believed only from a trusted proxy (`trustedHops` > 0: forwardedHops), and only
 * as one value of 8–128 characters among `A-Z a-z 0-9 . _ : -`; undefined otherwise (a lead is then stored
 * under an id of its own, as without a proxy).
 */
export function trustedRequestId(header: string | string[] | undefined, trustedHops: number): string | undefined {
  if (trustedHops <= 0 || typeof header !== "string") return undefined;
  const value = header.trim();
  return /^[\w.:-]{8,128}$/.test(value) ? value : undefined;
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
