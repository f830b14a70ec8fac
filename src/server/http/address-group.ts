import { isIPv4, isIPv6 } from "node:net";

/**
 * The bucket of a client address for a rate limit (issue 28): an IPv4 address as it is, an
 * IPv4-mapped IPv6 address as that IPv4 address, any other IPv6 address as its /64. One
 * subscriber or host usually holds a whole /64, so counting each /128 apart let one machine
 * count as millions of addresses. Anything else (say "unknown") is its own bucket.
 */
export function addressGroup(address: string): string {
  if (isIPv4(address)) return address;
  // a zone index (fe80::1%eth0) names the interface, not the host
  const bare = address.split("%")[0]!;
  if (!isIPv6(bare)) return address;
  const groups = expandIPv6(bare.toLowerCase());
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` and a dotted IPv4 tail expanded). */
function expandIPv6(address: string): number[] {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => parseInt(g, 16)));
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
