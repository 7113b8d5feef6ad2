import { describe, expect, it } from 'vitest';
import { clientNetwork } from '../../src/lib/client-network.js';

describe('clientNetwork', () => {
  it('keeps an IPv4 address, and reads an IPv4-mapped IPv6 one as IPv4', () => {
    expect(clientNetwork('203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts an IPv6 address as its /64, however it is written', () => {
    const network = '2001:db8:0:7::/64';
    expect(clientNetwork('2001:db8:0:7::1')).toBe(network);
    expect(clientNetwork('2001:0db8:0000:0007:ffff:ffff:ffff:ffff')).toBe(network);
    expect(clientNetwork('2001:DB8:0:7:0:0:0:1')).toBe(network);
    expect(clientNetwork('2001:db8::7:0:0:0:1')).toBe(network);
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('2001:db8:0:8::1')).not.toBe(network);
  });

  it('leaves anything else as it is, cut short', () => {
    expect(clientNetwork('unknown')).toBe('unknown');
    expect(clientNetwork('x'.repeat(500))).toHaveLength(64);
  });
});
