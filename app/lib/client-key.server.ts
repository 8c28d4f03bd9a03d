/**
 * The key a per-client limit counts under (the form rate limit, new experiment visitors): an IPv4
 * address as it is, an IPv6 address by its /64 (one subscriber usually holds a whole /64, so a key per
 * full address would give one client endless keys), and an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`,
 * what a dual-stack socket reports) as its IPv4. Pure and never throws: anything that is no address is
 * kept as it is, trimmed and cut short.
 */
import { isIPv4, isIPv6 } from "node:net";

/** The eight 16-bit groups of an IPv6 address (compressed or not, dotted IPv4 tail allowed), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const dotted = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (dotted) {
    const parts = dotted[1]!.split(".").map(Number);
    const high = ((parts[0]! << 8) | parts[1]!).toString(16);
    const low = ((parts[2]! << 8) | parts[3]!).toString(16);
    text = `${text.slice(0, -dotted[1]!.length)}${high}:${low}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(":") : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(":") : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill("0"), ...tail].map((group) =>
    /^[0-9a-f]{1,4}$/i.test(group) ? parseInt(group, 16) : Number.NaN,
  );
  return groups.length === 8 && groups.every((group) => Number.isInteger(group)) ? groups : null;
}

export function clientKey(address: string | null | undefined): string {
  const trimmed = (address ?? "").trim().replace(/^\[|\]$/g, "");
  // A zone index (`fe80::1%eth0`) names the local interface, not the client.
  const bare = trimmed.replace(/%.*$/, "");
  if (isIPv4(bare)) return bare;
  if (!isIPv6(bare)) return trimmed.slice(0, 64) || "unknown";
  const groups = ipv6Groups(bare);
  if (!groups) return bare.toLowerCase();
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}
