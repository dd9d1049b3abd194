import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './ip-address';
import { webhookUrlProblem } from './webhooks';

describe('isPublicAddress', () => {
  it('refuses loopback, private, shared, link-local (metadata), reserved and embedded-IPv4 forms', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '100.64.0.1',
      '100.100.100.200',
      '169.254.169.254',
      '224.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:7f00:1',
      '::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::',
      '2001::1',
      'fd00:ec2::254',
      'fc00::1',
      'fe80::1',
      'ff02::1',
      'not an address',
      'example.com',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('lets public unicast addresses through', () => {
    for (const address of [
      '93.184.216.34',
      '8.8.8.8',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700::1111',
      '::ffff:8.8.8.8',
    ])
      expect(isPublicAddress(address), address).toBe(true);
  });
});

describe('webhookUrlProblem', () => {
  it('wants a public https URL without credentials', () => {
    expect(webhookUrlProblem('https://hooks.example.com/conversions')).toBeNull();
    expect(webhookUrlProblem('https://93.184.216.34/x')).toBeNull();
    expect(webhookUrlProblem('https://inbox.test/orders')).toBeNull();
    expect(webhookUrlProblem('not a url')).toBe('webhooks.invalidUrl');
    expect(webhookUrlProblem('http://hooks.example.com/')).toBe('webhooks.httpsOnly');
    expect(webhookUrlProblem('ftp://hooks.example.com/')).toBe('webhooks.httpsOnly');
    expect(webhookUrlProblem('https://user:pw@hooks.example.com/')).toBe('webhooks.noCredentials');
    for (const url of [
      'https://localhost/x',
      'https://app.localhost/x',
      'https://127.0.0.1/x',
      'https://[::1]/x',
      'https://[::ffff:10.0.0.1]/x',
      'https://169.254.169.254/latest/meta-data',
      'https://printer.local/x',
      'https://intranet/x',
      'https://0x7f000001/x',
      'https://2130706433/x',
    ])
      expect(webhookUrlProblem(url), url).toBe('webhooks.privateAddress');
  });
});
