// IPv4/IPv6 addresses and CIDR ranges, parsed without node:net so the console validates an IP
// list with the same rules the server matches it by.

/** The address as bytes (4 for IPv4, 16 for IPv6), or null when it is not a literal address. */
export function parseIp(text: string): Uint8Array | null {
  const s = text.trim();
  if (s.includes(':')) return parseIpv6(s);
  return parseIpv4(s);
}

function parseIpv4(s: string): Uint8Array | null {
  const parts = s.split('.');
  if (parts.length !== 4) return null;
  const out = new Uint8Array(4);
  for (let i = 0; i < 4; i++) {
    const p = parts[i]!;
    // No leading zeros: "010" reads as octal in some tools and decimal in others.
    if (!/^(0|[1-9]\d{0,2})$/.test(p)) return null;
    const n = Number(p);
    if (n > 255) return null;
    out[i] = n;
  }
  return out;
}

function parseIpv6(s: string): Uint8Array | null {
  if (!/^[0-9a-fA-F:.]+$/.test(s)) return null;
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groupsOf(halves[0]!);
  const tail = halves.length === 2 ? groupsOf(halves[1]!) : [];
  const words: number[] = [];
  const read = (groups: string[], allowV4Last: boolean): number[] | null => {
    const out: number[] = [];
    for (let i = 0; i < groups.length; i++) {
      const g = groups[i]!;
      if (allowV4Last && i === groups.length - 1 && g.includes('.')) {
        const v4 = parseIpv4(g);
        if (!v4) return null;
        out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      } else {
        if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
        out.push(Number.parseInt(g, 16));
      }
    }
    return out;
  };
  const headWords = read(head, halves.length === 1);
  const tailWords = read(tail, true);
  if (!headWords || !tailWords) return null;
  if (halves.length === 1) {
    if (headWords.length !== 8) return null;
    words.push(...headWords);
  } else {
    const missing = 8 - headWords.length - tailWords.length;
    if (missing < 1) return null;
    words.push(...headWords, ...new Array<number>(missing).fill(0), ...tailWords);
  }
  const out = new Uint8Array(16);
  words.forEach((w, i) => {
    out[i * 2] = w >> 8;
    out[i * 2 + 1] = w & 0xff;
  });
  return out;
}

export type TIpRange = { bytes: Uint8Array; prefix: number };

/** "203.0.113.7", "203.0.113.0/24", "2001:db8::/32" ... or null when invalid. */
export function parseIpRange(text: string): TIpRange | null {
  const s = text.trim();
  const slash = s.indexOf('/');
  const bytes = parseIp(slash === -1 ? s : s.slice(0, slash));
  if (!bytes) return null;
  const bits = bytes.length * 8;
  if (slash === -1) return { bytes, prefix: bits };
  const p = s.slice(slash + 1);
  if (!/^(0|[1-9]\d{0,2})$/.test(p)) return null;
  const prefix = Number(p);
  if (prefix > bits) return null;
  return { bytes, prefix };
}

export const isIpOrCidr = (text: string) => parseIpRange(text) !== null;

/**
 * A range so wide that restricting to it restricts nothing worth the name: broader than /8 for
 * IPv4 (or IPv4-mapped IPv6) and /32 for IPv6. 0.0.0.0/0 would open the API to the world.
 */
export function isTooBroadRange(range: TIpRange): boolean {
  if (range.bytes.length === 4) return range.prefix < 8;
  const mapped = unmapped(range.bytes).length === 4;
  return mapped ? range.prefix < 96 + 8 : range.prefix < 32;
}

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d) as the IPv4 address it carries. */
function unmapped(bytes: Uint8Array): Uint8Array {
  if (bytes.length !== 16) return bytes;
  for (let i = 0; i < 10; i++) if (bytes[i] !== 0) return bytes;
  if (bytes[10] !== 0xff || bytes[11] !== 0xff) return bytes;
  return bytes.slice(12);
}

/** True when `address` lies inside `range` (an IPv4-mapped IPv6 address counts as IPv4). */
export function ipInRange(address: string, range: TIpRange): boolean {
  const parsed = parseIp(address);
  if (!parsed) return false;
  const ip = unmapped(parsed);
  const net = unmapped(range.bytes);
  // A mapped range (::ffff:10.0.0.0/104) shrinks its prefix along with its bytes.
  const prefix = net.length === range.bytes.length ? range.prefix : range.prefix - 96;
  if (ip.length !== net.length || prefix < 0) return false;
  let bits = prefix;
  for (let i = 0; i < ip.length && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((ip[i]! & mask) !== (net[i]! & mask)) return false;
  }
  return true;
}

/**
 * Ranges no outbound request of the product may reach (webhook deliveries): "this" network,
 * private (RFC 1918, unique local), shared (CGNAT, where some clouds keep their metadata service),
 * loopback, link-local (169.254.169.254, the usual metadata address), documentation, benchmarking,
 * multicast and reserved space, and the IPv6 forms that carry an IPv4 address inside them (NAT64,
 * 6to4, Teredo, IPv4-compatible), which could smuggle any of the above.
 */
const NOT_PUBLIC = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
  '::/96',
  '64:ff9b::/96',
  '64:ff9b:1::/48',
  '100::/64',
  '2001::/23',
  '2001:db8::/32',
  '2002::/16',
  'fc00::/7',
  'fe80::/10',
  'fec0::/10',
  'ff00::/8',
].map((r) => parseIpRange(r)!);

/**
 * Whether `address` (a literal IPv4 or IPv6 address) is a public unicast address an outbound
 * request may reach; false for anything else, including what is not an address at all. An
 * IPv4-mapped IPv6 address counts as the IPv4 address it carries.
 */
export function isPublicAddress(address: string): boolean {
  const parsed = parseIp(address);
  if (!parsed) return false;
  return !NOT_PUBLIC.some((range) => ipInRange(address, range));
}
