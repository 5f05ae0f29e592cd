import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';

/**
 * The geo-location port (api/GEO.md): which country an address is in. `null` when it is not known
 * (a private, loopback or link-local address, or one the table does not cover); the caller decides what
 * an unknown country means (Kupon: allowed).
 */
export interface GeoLocator {
  /** ISO 3166-1 alpha-2, upper case, or null. */
  country(ip: string): string | null;
}

/** Knows no address: every country is unknown (the default when no table is configured). */
export const NO_GEO: GeoLocator = { country: () => null };

interface Parsed {
  readonly family: 4 | 6;
  readonly value: bigint;
}

function parseV4(ip: string): bigint | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let value = 0n;
  for (const part of parts) {
    if (!/^\d{1,3}$/.test(part) || Number(part) > 255) return null;
    value = (value << 8n) | BigInt(Number(part));
  }
  return value;
}

function parseV6(ip: string): bigint | null {
  let text = ip.toLowerCase();
  const zone = text.indexOf('%');
  if (zone >= 0) text = text.slice(0, zone);
  // A dotted IPv4 tail (::ffff:1.2.3.4) becomes two groups.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const v4 = parseV4(tail[1]!);
    if (v4 === null) return null;
    text = `${text.slice(0, -tail[1]!.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const rest = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - rest.length;
  if ((halves.length === 1 && missing !== 0) || missing < 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  let value = 0n;
  for (const group of groups) {
    if (!/^[0-9a-f]{1,4}$/.test(group)) return null;
    value = (value << 16n) | BigInt(parseInt(group, 16));
  }
  return value;
}

/** An address as a number; an IPv4-mapped IPv6 address (::ffff:a.b.c.d, how a dual-stack socket reports IPv4) as its IPv4. */
export function parseAddress(ip: string): Parsed | null {
  const family = isIP(ip.includes('%') ? ip.slice(0, ip.indexOf('%')) : ip);
  if (family === 4) {
    const value = parseV4(ip);
    return value === null ? null : { family: 4, value };
  }
  if (family !== 6) return null;
  const value = parseV6(ip);
  if (value === null) return null;
  if (value >> 32n === 0xffffn) return { family: 4, value: value & 0xffffffffn };
  return { family: 6, value };
}

const BITS = { 4: 32, 6: 128 } as const;

function mask(value: bigint, family: 4 | 6, prefix: number): bigint {
  const host = BigInt(BITS[family] - prefix);
  return (value >> host) << host;
}

/** Addresses that are never on the public internet: always null (RFC 1918, loopback, link-local, CGNAT, ULA, unspecified). */
const PRIVATE: readonly (readonly [string, number])[] = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
];

export function isPrivateAddress(ip: string): boolean {
  const parsed = parseAddress(ip);
  if (!parsed) return false;
  return PRIVATE.some(([base, prefix]) => {
    const range = parseAddress(base)!;
    return range.family === parsed.family && mask(parsed.value, parsed.family, prefix) === range.value;
  });
}

/**
 * The built-in locator: a table of CIDR ranges and their countries, longest prefix wins. The table is
 * text, one range a line: `<cidr> <CC>` (`85.96.0.0/12 TR`, `2a02:ff0::/32 DE`), `#` starts a comment,
 * blank lines are skipped; a line that does not read is an error naming its line number (a broken file
 * must not silently let everyone in). Looking up costs one map probe per prefix length present.
 */
export class CidrTableLocator implements GeoLocator {
  private readonly byFamily: Record<4 | 6, Map<number, Map<bigint, string>>> = { 4: new Map(), 6: new Map() };
  private readonly prefixes: Record<4 | 6, number[]> = { 4: [], 6: [] };

  constructor(entries: readonly (readonly [cidr: string, country: string])[]) {
    for (const [cidr, country] of entries) this.add(cidr, country);
    for (const family of [4, 6] as const) this.prefixes[family] = [...this.byFamily[family].keys()].sort((a, b) => b - a);
  }

  /** Reads the table text (see the class comment for the format). */
  static parse(text: string): CidrTableLocator {
    const entries: [string, string][] = [];
    text.split(/\r?\n/).forEach((raw, index) => {
      const line = raw.replace(/#.*/, '').trim();
      if (line === '') return;
      const [cidr, country, extra] = line.split(/[\s,]+/);
      if (!cidr || !country || extra !== undefined || !/^[A-Za-z]{2}$/.test(country)) throw new Error(`geo table line ${index + 1}: expected "<cidr> <country>", got "${raw}"`);
      entries.push([cidr, country.toUpperCase()]);
    });
    try {
      return new CidrTableLocator(entries);
    } catch (error) {
      throw new Error(`geo table: ${(error as Error).message}`);
    }
  }

  static fromFile(path: string): CidrTableLocator {
    return CidrTableLocator.parse(readFileSync(path, 'utf8'));
  }

  private add(cidr: string, country: string): void {
    const [base, bits, extra] = cidr.split('/');
    const parsed = base ? parseAddress(base) : null;
    const family = parsed?.family ?? 4;
    // An IPv4-mapped IPv6 range is written with the IPv6 prefix (::ffff:0:0/96 + n).
    const mapped = parsed !== null && base!.includes(':') && family === 4;
    const prefix = bits === undefined ? BITS[family] : Number(bits) - (mapped ? 96 : 0);
    if (!parsed || extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > BITS[family] || (bits !== undefined && !/^\d{1,3}$/.test(bits))) throw new Error(`not a CIDR range: ${cidr}`);
    let table = this.byFamily[family].get(prefix);
    if (!table) this.byFamily[family].set(prefix, (table = new Map()));
    table.set(mask(parsed.value, family, prefix), country);
  }

  country(ip: string): string | null {
    const parsed = parseAddress(ip);
    if (!parsed || isPrivateAddress(ip)) return null;
    for (const prefix of this.prefixes[parsed.family]) {
      const found = this.byFamily[parsed.family].get(prefix)!.get(mask(parsed.value, parsed.family, prefix));
      if (found !== undefined) return found;
    }
    return null;
  }
}

/** `GEO_CIDR_FILE`: the table's path; unset, no address is located (everyone allowed). A broken file stops the api at start. */
export function geoLocatorFromEnv(env: NodeJS.ProcessEnv = process.env): GeoLocator {
  const path = env.GEO_CIDR_FILE?.trim();
  return path ? CidrTableLocator.fromFile(path) : NO_GEO;
}
