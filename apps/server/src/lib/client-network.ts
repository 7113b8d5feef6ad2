import { isIPv4, isIPv6 } from 'node:net';

/**
 * The network a client address is counted as by the sign-in limits: an IPv4 address itself (an
 * IPv4-mapped IPv6 one read as IPv4), an IPv6 address's /64, the block one subscriber or host gets
 * (RFC 6177), so a single client cannot take a fresh address for each attempt. Anything else (a
 * test's or a proxy's odd value) is used as it is, cut short.
 */
export function clientNetwork(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1] && isIPv4(mapped[1])) return mapped[1];
  if (!isIPv6(address)) return address.slice(0, 64);
  const [head = '', tail = ''] = address.split('%')[0]?.split('::') ?? [];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = address.includes('::') && tail ? tail.split(':') : [];
  // An embedded IPv4 tail takes two groups, but never reaches the first four.
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(0, missing)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
