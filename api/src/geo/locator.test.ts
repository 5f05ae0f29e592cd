import { describe, expect, it } from 'vitest';
import { CidrTableLocator, isPrivateAddress } from './locator';

describe('the CIDR table locator', () => {
  const table = CidrTableLocator.parse('# comment\n\n85.96.0.0/12 TR\n85.100.0.0/16 de # more specific\n2a02:ff0::/32 NL\n1.2.3.4 FR\n');

  it('finds the longest matching range, IPv4 and IPv6, upper-casing the country', () => {
    expect(table.country('85.97.1.1')).toBe('TR');
    expect(table.country('85.100.9.9')).toBe('DE');
    expect(table.country('2a02:ff0:1::7')).toBe('NL');
    expect(table.country('1.2.3.4')).toBe('FR');
    expect(table.country('1.2.3.5')).toBeNull();
  });

  it('reads an IPv4 address a dual-stack socket reports as IPv6 as its IPv4', () => {
    expect(table.country('::ffff:85.97.1.1')).toBe('TR');
  });

  it('knows no country for private, loopback and link-local addresses, nor for what is not an address', () => {
    for (const ip of ['10.1.2.3', '172.20.0.1', '192.168.0.5', '127.0.0.1', '::1', 'fe80::1', 'fd00::1', '100.64.0.1']) expect(isPrivateAddress(ip)).toBe(true);
    expect(CidrTableLocator.parse('0.0.0.0/0 TR').country('192.168.0.5')).toBeNull();
    expect(table.country('not an ip')).toBeNull();
  });

  it('refuses a table line that does not read, naming its line', () => {
    expect(() => CidrTableLocator.parse('85.96.0.0/12 TR\n85.96.0.0/40 TR')).toThrow(/CIDR/);
    expect(() => CidrTableLocator.parse('85.96.0.0/12\n')).toThrow(/line 1/);
    expect(() => CidrTableLocator.parse('85.96.0.0/12 TUR\n')).toThrow(/line 1/);
  });
});
