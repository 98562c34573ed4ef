import net from 'node:net';

/**
 * The network a client's address counts under in the per-IP limits (sign-in failures, code sends,
 * the contact form). An IPv4 address is itself (an IPv4-mapped IPv6 address, ::ffff:1.2.3.4, is
 * the IPv4 address 1.2.3.4). An IPv6 address counts under its /64, written `2001:db8:1:2::/64`:
 * one home, phone or server is given a whole /64 and picks any of its 2^64 addresses at will, so
 * counting the full address would give it a fresh bucket per request. A /64 is thus treated as one
 * IPv4 address is (a household behind NAT shares one too). Anything else ('unknown') is itself.
 */
export function clientNet(ip: string): string {
  const address = ip.trim().replace(/^\[|\]$/g, '');
  if (net.isIPv4(address)) return address;
  // A zone (fe80::1%eth0) names an interface of this machine, not part of the address.
  const bare = address.replace(/%.*$/, '');
  if (!net.isIPv6(bare)) return ip;
  const groups = expandIPv6(bare);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** A valid IPv6 address's eight 16-bit groups (`::` filled in, an IPv4 tail as two groups). */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number);
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  return tail === undefined ? front : [...front, ...Array(8 - front.length - back.length).fill(0), ...back];
}
