import { isIPv4, isIPv6 } from 'node:net';

/*
 * Which addresses a request to a user-chosen URL may reach (docs/decisions/0279-outbound-requests-refuse-private-addresses.md):
 * public unicast only. Everything the IANA special-purpose registries set apart, and the cloud
 * metadata endpoints, is refused, and an IPv6 address that carries an IPv4 one (mapped, translated,
 * NAT64) is judged by the IPv4 address it carries: that is where the packets go.
 */

/** Why an address is not public, in the words the delivery log shows. */
export type AddressRange =
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'carrier-grade NAT'
  | 'link-local'
  | 'cloud metadata'
  | 'unique-local'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'benchmarking'
  | 'reserved';

interface Block {
  base: bigint;
  prefix: number;
  range: AddressRange;
}

const V4_BITS = 32;
const V6_BITS = 128;

function block(cidr: string, range: AddressRange, bits: number): Block {
  const [address = '', prefix = ''] = cidr.split('/');
  const base = bits === V4_BITS ? parseIPv4(address) : parseIPv6(address);
  if (base === null) throw new Error(`Bad block ${cidr}`);
  return { base, prefix: Number(prefix), range };
}

/** Most specific first: the first block that holds an address names its range. */
const IPV4_BLOCKS: Block[] = [
  ['169.254.169.254/32', 'cloud metadata'],
  // Azure's host endpoint (its instance metadata is 169.254.169.254 too), reachable only from inside.
  ['168.63.129.16/32', 'cloud metadata'],
  ['255.255.255.255/32', 'broadcast'],
  ['0.0.0.0/8', 'unspecified'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'carrier-grade NAT'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local'],
  ['172.16.0.0/12', 'private'],
  // IETF protocol assignments (NAT64 discovery, DS-Lite, Oracle Cloud's metadata at 192.0.0.192).
  ['192.0.0.0/24', 'reserved'],
  ['192.0.2.0/24', 'documentation'],
  // The deprecated 6to4 relay anycast.
  ['192.88.99.0/24', 'reserved'],
  ['192.168.0.0/16', 'private'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
].map(([cidr, range]) => block(cidr as string, range as AddressRange, V4_BITS));

/** Within 2000::/3, the only IPv6 space that is global unicast (everything outside it is refused). */
const IPV6_BLOCKS: Block[] = [
  // IETF protocol assignments: Teredo (2001::/32), ORCHID, AMT, and the rest.
  ['2001::/23', 'reserved'],
  ['2001:db8::/32', 'documentation'],
  // 6to4: an IPv4 address wrapped for relays nobody should run any more.
  ['2002::/16', 'reserved'],
  ['3fff::/20', 'documentation'],
].map(([cidr, range]) => block(cidr as string, range as AddressRange, V6_BITS));

const GLOBAL_UNICAST = block('2000::/3', 'reserved', V6_BITS);
const IPV6_OUTSIDE_GLOBAL: Block[] = [
  ['fd00:ec2::254/128', 'cloud metadata'],
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['fc00::/7', 'unique-local'],
  ['fe80::/10', 'link-local'],
  ['ff00::/8', 'multicast'],
].map(([cidr, range]) => block(cidr as string, range as AddressRange, V6_BITS));

/** IPv6 forms that carry an IPv4 address in their last 32 bits. */
const CARRIES_IPV4: Block[] = [
  '::ffff:0:0/96', // IPv4-mapped
  '::ffff:0:0:0/96', // IPv4-translated (SIIT)
  '64:ff9b::/96', // NAT64, well-known prefix
].map((cidr) => block(cidr, 'reserved', V6_BITS));

const inBlock = (address: bigint, bits: number, { base, prefix }: Block) =>
  address >> BigInt(bits - prefix) === base >> BigInt(bits - prefix);

export function parseIPv4(text: string): bigint | null {
  if (!isIPv4(text)) return null;
  return text.split('.').reduce((sum, part) => (sum << 8n) | BigInt(Number(part)), 0n);
}

export function parseIPv6(text: string): bigint | null {
  if (!isIPv6(text)) return null;
  let words = text;
  // A trailing dotted quad (::ffff:127.0.0.1) is two 16-bit groups.
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(words);
  if (quad?.[1]) {
    const v4 = parseIPv4(quad[1]);
    if (v4 === null) return null;
    words = `${words.slice(0, -quad[1].length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head = '', tail] = words.split('::');
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = tail === undefined ? headGroups : [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return groups.reduce((sum, group) => (sum << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

function ipv4Range(address: bigint): AddressRange | null {
  return IPV4_BLOCKS.find((candidate) => inBlock(address, V4_BITS, candidate))?.range ?? null;
}

/**
 * The range that makes an address unfit for a request to a user-chosen URL, or null for a public
 * unicast address. Anything that is no IP address at all is `reserved` (refused).
 */
export function refusedRange(address: string): AddressRange | null {
  const v4 = parseIPv4(address);
  if (v4 !== null) return ipv4Range(v4);
  const v6 = parseIPv6(address);
  if (v6 === null) return 'reserved';
  if (CARRIES_IPV4.some((candidate) => inBlock(v6, V6_BITS, candidate))) return ipv4Range(v6 & 0xffffffffn);
  if (!inBlock(v6, V6_BITS, GLOBAL_UNICAST)) {
    return IPV6_OUTSIDE_GLOBAL.find((candidate) => inBlock(v6, V6_BITS, candidate))?.range ?? 'reserved';
  }
  return IPV6_BLOCKS.find((candidate) => inBlock(v6, V6_BITS, candidate))?.range ?? null;
}
