import { describe, expect, it } from "vitest";

import { clientAddress, isHttpsRequest, trustedProxyHops } from "../../server/client-address";

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
    expect(isHttpsRequest("http", { trustedProxyHops: 1 })).toBe(false);
    expect(isHttpsRequest(undefined, { trustedProxyHops: 1 })).toBe(false);
  });

  it("always when the public URL is https", () => {
    expect(isHttpsRequest("http", { trustedProxyHops: 0, publicSiteUrl: "https://leads.example.es" })).toBe(true);
    expect(isHttpsRequest(undefined, { trustedProxyHops: 0, publicSiteUrl: "http://localhost:3000" })).toBe(false);
  });
});
