import { describe, expect, it } from 'vitest';
import { ipInRange, isIpOrCidr, isTooBroadRange, parseIp, parseIpRange } from './ip-address';

const inRange = (ip: string, range: string) => ipInRange(ip, parseIpRange(range)!);

describe('IP addresses and ranges', () => {
  it('accepts IPv4, IPv6 and CIDR forms', () => {
    for (const ok of [
      '0.0.0.0',
      '203.0.113.7',
      '10.0.0.0/8',
      '0.0.0.0/0',
      '::',
      '::1',
      '2001:db8::/32',
      '2001:0db8:0000:0000:0000:ff00:0042:8329',
      'fe80::1:2',
      '::ffff:192.0.2.1',
      '64:ff9b::192.0.2.33/120',
    ])
      expect(isIpOrCidr(ok), ok).toBe(true);
  });

  it('refuses anything else', () => {
    for (const bad of [
      '',
      '1.2.3',
      '1.2.3.4.5',
      '256.1.1.1',
      '01.2.3.4',
      '1.2.3.4/33',
      '1.2.3.4/',
      '1.2.3.4/08',
      'example.com',
      '2001:db8::/129',
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7',
      '12345::',
      'fe80::1%eth0',
    ])
      expect(isIpOrCidr(bad), bad).toBe(false);
  });

  it('reads IPv6 with compression and an embedded IPv4 address', () => {
    expect([...parseIp('::ffff:1.2.3.4')!]).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 1, 2, 3, 4]);
    expect([...parseIp('1::')!].slice(0, 2)).toEqual([0, 1]);
  });

  it('matches addresses against ranges, IPv4-mapped addresses as IPv4', () => {
    expect(inRange('203.0.113.9', '203.0.113.0/24')).toBe(true);
    expect(inRange('203.0.114.9', '203.0.113.0/24')).toBe(false);
    expect(inRange('10.1.2.3', '10.0.0.0/9')).toBe(true);
    expect(inRange('10.128.0.1', '10.0.0.0/9')).toBe(false);
    expect(inRange('203.0.113.9', '203.0.113.9')).toBe(true);
    expect(inRange('203.0.113.10', '203.0.113.9')).toBe(false);
    expect(inRange('8.8.8.8', '0.0.0.0/0')).toBe(true);
    expect(inRange('::ffff:203.0.113.9', '203.0.113.0/24')).toBe(true);
    expect(inRange('203.0.113.9', '::ffff:203.0.113.0/120')).toBe(true);
    expect(inRange('2001:db8::abcd', '2001:db8::/32')).toBe(true);
    expect(inRange('2001:db9::1', '2001:db8::/32')).toBe(false);
    expect(inRange('203.0.113.9', '2001:db8::/32')).toBe(false);
    expect(inRange('not an ip', '0.0.0.0/0')).toBe(false);
  });

  it('calls a range too broad when it would let most of the internet in', () => {
    const broad = (r: string) => isTooBroadRange(parseIpRange(r)!);
    for (const r of [
      '0.0.0.0/0',
      '10.0.0.0/7',
      '::/0',
      '2000::/3',
      '::ffff:0.0.0.0/96',
      '::ffff:10.0.0.0/103',
    ])
      expect(broad(r), r).toBe(true);
    for (const r of ['10.0.0.0/8', '203.0.113.7', '2001:db8::/32', '::1', '::ffff:10.0.0.0/104'])
      expect(broad(r), r).toBe(false);
  });
});
