import { describe, expect, it } from "vitest";

import {
  clientAddress,
  forwardedHops,
  forwardedIp,
  isHttpsRequest,
  isPublicListenAddress,
  trustedProxyAddresses,
  trustedProxyHops,
  trustedRequestId,
} from "../../server/client-address";

describe("the visitor's address for the form rate limit", () => {
  it("directly on the internet: the socket's address, whatever X-Forwarded-For claims", () => {
    expect(clientAddress("203.0.113.7", "198.51.100.1", 0)).toBe("203.0.113.7");
    expect(clientAddress("203.0.113.7", undefined, 0)).toBe("203.0.113.7");
  });

  it("behind one proxy: the address that proxy saw, not what the client wrote before it", () => {
    // The client forged '1.2.3.4'; the load balancer (socket 10.0.0.2) appended the real address.
    expect(clientAddress("10.0.0.2", "1.2.3.4, 203.0.113.7", 1)).toBe("203.0.113.7");
    expect(clientAddress("10.0.0.2", "203.0.113.7", 1)).toBe("203.0.113.7");
  });

  it("behind two proxies, with the header split over several lines", () => {
    expect(clientAddress("10.0.0.3", ["1.2.3.4, 203.0.113.7", "10.0.0.2"], 2)).toBe("203.0.113.7");
  });

  it("with fewer entries than trusted hops: the leftmost there is; with nothing at all: none", () => {
    expect(clientAddress("10.0.0.2", undefined, 1)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.2", "203.0.113.7", 5)).toBe("203.0.113.7");
    expect(clientAddress(undefined, undefined, 1)).toBeUndefined();
  });

  it("reads TRUST_PROXY_HOPS as a small whole number, 0 when unset or not one", () => {
    expect(trustedProxyHops({})).toBe(0);
    expect(trustedProxyHops({ TRUST_PROXY_HOPS: "1" })).toBe(1);
    expect(trustedProxyHops({ TRUST_PROXY_HOPS: " 2 " })).toBe(2);
    expect(trustedProxyHops({ TRUST_PROXY_HOPS: "sí" })).toBe(0);
    expect(trustedProxyHops({ TRUST_PROXY_HOPS: "-1" })).toBe(0);
    expect(trustedProxyHops({ TRUST_PROXY_HOPS: "1.5" })).toBe(0);
  });
});

describe("whether the visitor came over https", () => {
  it("believes X-Forwarded-Proto only from a proxy of our own (TRUST_PROXY_HOPS > 0)", () => {
    expect(isHttpsRequest("https", { trustedProxyHops: 0 })).toBe(false);
    expect(isHttpsRequest("https", { trustedProxyHops: 1 })).toBe(true);
    // Only the entry our own proxy appended (the last one at one hop) counts; earlier ones came from the client.
    expect(isHttpsRequest("http, https", { trustedProxyHops: 1, publicSiteUrl: "http://localhost:3000" })).toBe(true);
    expect(isHttpsRequest("https, http", { trustedProxyHops: 1, publicSiteUrl: "http://localhost:3000" })).toBe(false);
    expect(isHttpsRequest(["http", "https"], { trustedProxyHops: 1 })).toBe(true);
    expect(isHttpsRequest("https, http", { trustedProxyHops: 2 })).toBe(true);
    expect(isHttpsRequest("https", { trustedProxyHops: 2 })).toBe(true);
    expect(isHttpsRequest("http", { trustedProxyHops: 1 })).toBe(false);
    expect(isHttpsRequest(undefined, { trustedProxyHops: 1 })).toBe(false);
  });

  it("always when the public URL is https", () => {
    expect(isHttpsRequest("http", { trustedProxyHops: 0, publicSiteUrl: "https://leads.example.es" })).toBe(true);
    expect(isHttpsRequest(undefined, { trustedProxyHops: 0, publicSiteUrl: "http://localhost:3000" })).toBe(false);
  });
});

describe("forwarded values that are not bare addresses", () => {
  it("reads the IP of an entry a proxy wrote with a port, and of RFC 7239's quoted forms", () => {
    expect(forwardedIp("203.0.113.7:5123")).toBe("203.0.113.7");
    expect(forwardedIp(" 203.0.113.7 ")).toBe("203.0.113.7");
    expect(forwardedIp("[2001:db8::1]:443")).toBe("2001:db8::1");
    expect(forwardedIp("[2001:db8::1]")).toBe("2001:db8::1");
    expect(forwardedIp('"[2001:db8::1]:443"')).toBe("2001:db8::1");
    expect(forwardedIp("2001:db8::1")).toBe("2001:db8::1");
    expect(forwardedIp("::ffff:203.0.113.7")).toBe("::ffff:203.0.113.7");
  });

  it("ignores anything else", () => {
    for (const entry of [
      "unknown",
      "_hidden",
      "",
      "203.0.113.300",
      "203.0.113.7:port",
      "[evil]:1",
      "a".repeat(500),
      "1.2.3.4.5",
    ]) {
      expect(forwardedIp(entry), entry).toBeUndefined();
    }
  });

  it("never keys a visitor by the header's text: the IP, or the proxy's own address", () => {
    expect(clientAddress("127.0.0.1", "203.0.113.7:5123", 1)).toBe("203.0.113.7");
    expect(clientAddress("127.0.0.1", "1.2.3.4, [2001:db8::7]:80", 1)).toBe("2001:db8::7");
    expect(clientAddress("127.0.0.1", "garbage-1", 1)).toBe("127.0.0.1");
    expect(clientAddress("127.0.0.1", "1.2.3.4, unknown", 1)).toBe("127.0.0.1");
  });
});

describe("TRUSTED_PROXY_ADDRESSES", () => {
  it("trusts loopback by default, IPv4-mapped peers included", () => {
    const trusted = trustedProxyAddresses({});
    for (const peer of ["127.0.0.1", "127.0.0.53", "::1", "::ffff:127.0.0.1"]) expect(trusted(peer), peer).toBe(true);
    for (const peer of ["10.0.0.1", "192.0.2.2", "::ffff:192.0.2.2", "fd00::2", "", undefined, "junk"]) {
      expect(trusted(peer), String(peer)).toBe(false);
    }
  });

  it("takes IPs and CIDR ranges of both families", () => {
    const trusted = trustedProxyAddresses({ TRUSTED_PROXY_ADDRESSES: " 10.0.0.0/8 , 192.0.2.7, fd00::/8 " });
    expect(trusted("10.1.2.3")).toBe(true);
    expect(trusted("::ffff:10.1.2.3")).toBe(true);
    expect(trusted("192.0.2.7")).toBe(true);
    expect(trusted("192.0.2.8")).toBe(false);
    expect(trusted("fd12::1")).toBe(true);
    expect(trusted("fe80::1")).toBe(false);
    expect(trusted("127.0.0.1")).toBe(false);
  });

  it("refuses a bad entry at start, naming it", () => {
    for (const bad of ["10.0.0.300", "10.0.0.0/33", "proxy.example", "[::1]", "127.0.0.1:80"]) {
      expect(() => trustedProxyAddresses({ TRUSTED_PROXY_ADDRESSES: `127.0.0.1,${bad}` }), bad).toThrow(
        new RegExp(`TRUSTED_PROXY_ADDRESSES: "${bad.replace(/[[\].]/g, "\\$&")}"`),
      );
    }
  });

  it("lets forwarded headers count only from a trusted peer, and only with TRUST_PROXY_HOPS > 0", () => {
    const trusted = trustedProxyAddresses({ TRUSTED_PROXY_ADDRESSES: "10.9.9.9" });
    expect(forwardedHops("10.9.9.9", 1, trusted)).toBe(1);
    expect(forwardedHops("::ffff:10.9.9.9", 2, trusted)).toBe(2);
    expect(forwardedHops("127.0.0.1", 1, trusted)).toBe(0);
    expect(forwardedHops("10.9.9.9", 0, trusted)).toBe(0);
    expect(forwardedHops(undefined, 1, trusted)).toBe(0);
  });

  it("tells a public listening address from a loopback one", () => {
    for (const address of ["::", "0.0.0.0", "192.0.2.2", "fd00::2"])
      expect(isPublicListenAddress(address), address).toBe(true);
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"])
      expect(isPublicListenAddress(address), address).toBe(false);
  });
});

describe("the proxy's id of a request (a lead's post resent by nginx is stored once)", () => {
  it("is believed only from a proxy of our own, as one value of 8–128 plain characters", () => {
    const nginx = "5f1c0de2a7b94e0c8d3e6a1b2c4d5e6f";
    expect(trustedRequestId(nginx, 1)).toBe(nginx);
    expect(trustedRequestId(` ${nginx} `, 2)).toBe(nginx);
    expect(trustedRequestId("req-2026.12:03_a", 1)).toBe("req-2026.12:03_a");
    // Directly on the internet (or from a peer that is not our proxy: 0 hops) a visitor's header is no id.
    expect(trustedRequestId(nginx, 0)).toBeUndefined();
    for (const value of [
      undefined,
      "",
      "short",
      "x".repeat(129),
      "id with spaces",
      "ünïcode-id-123",
      "a,b,c,d,e,f,g,h",
      "id\r\nx: y",
    ])
      expect(trustedRequestId(value, 1), String(value)).toBeUndefined();
    // Sent twice (two headers): not one proxy's id.
    expect(trustedRequestId([nginx, nginx], 1)).toBeUndefined();
  });
});
