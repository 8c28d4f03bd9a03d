// The key a per-client limit counts under: IPv6 clients by their /64, IPv4-mapped addresses as IPv4.
import { describe, expect, it } from "vitest";

import { clientKey } from "~/lib/client-key.server";

describe("clientKey", () => {
  it("keeps an IPv4 address as it is", () => {
    expect(clientKey("203.0.113.7")).toBe("203.0.113.7");
  });

  it("keys every address of one IPv6 /64 alike, whatever its spelling", () => {
    const spellings = [
      "2001:db8:0:1::1",
      "2001:db8:0:1:ffff:ffff:ffff:ffff",
      "2001:0db8:0000:0001:0000:0000:0000:0abc",
      "2001:DB8:0:1:1234:5678:9abc:def0",
      "[2001:db8:0:1::2]",
      "2001:db8:0:1::3%eth0",
    ];
    expect(new Set(spellings.map(clientKey))).toEqual(new Set(["2001:db8:0:1::/64"]));
  });

  it("tells neighbouring /64s apart", () => {
    expect(clientKey("2001:db8:0:2::1")).not.toBe(clientKey("2001:db8:0:1::1"));
    expect(clientKey("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
  });

  it("takes an IPv4-mapped IPv6 address as its IPv4, dotted or in hex", () => {
    expect(clientKey("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientKey("::FFFF:cb00:7107")).toBe("203.0.113.7");
    expect(clientKey("0:0:0:0:0:ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("never throws on what is no address", () => {
    for (const value of ["", "unknown", "not an ip", "1::2::3", "x".repeat(500), null, undefined]) {
      expect(typeof clientKey(value)).toBe("string");
    }
    expect(clientKey("x".repeat(500))).toHaveLength(64);
  });
});
