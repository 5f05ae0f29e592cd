import { describe, expect, it } from 'vitest';
import { parseTicketCode, TicketCodes } from './ticket-code';

const COUPON = '3f2a9c1e-7b44-5d0a-9e21-0c5b7d8e9f10';

describe('ticket check codes', () => {
  const codes = new TicketCodes('key-one');

  it('prints 12 symbols without I, L, O or U in groups of four, the same each time for one coupon', () => {
    const code = codes.codeOf(COUPON);
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(codes.codeOf(COUPON)).toBe(code);
    expect(new TicketCodes('key-one').codeOf(COUPON.toUpperCase())).toBe(code);
  });

  it('reads a code typed in any case, with or without dashes, O for 0 and I or L for 1, back to its coupon', () => {
    const code = codes.codeOf(COUPON);
    const typed = code.toLowerCase().replaceAll('-', '').replaceAll('0', 'o').replaceAll('1', 'l');
    const parsed = parseTicketCode(typed);
    expect(parsed?.locator).toBe(COUPON.slice(0, 7));
    expect(codes.matches(COUPON, parsed!)).toBe(true);
    expect(codes.matches('3f2a9c1e-0000-5d0a-9e21-0c5b7d8e9f10', parsed!)).toBe(false);
  });

  it('needs the key: another key gives another code for the same coupon, which the first key does not accept', () => {
    const other = new TicketCodes('key-two').codeOf(COUPON);
    expect(other).not.toBe(codes.codeOf(COUPON));
    expect(other.slice(0, 5)).toBe(codes.codeOf(COUPON).slice(0, 5));
    expect(codes.matches(COUPON, parseTicketCode(other)!)).toBe(false);
  });

  it('refuses what cannot be a code', () => {
    for (const input of ['', 'ABC', 'UUUU-UUUU-UUUU', 'ABCD-EFGH-JKMN-P', 'ABCD_EFGH_JKMN']) expect(parseTicketCode(input), input).toBeNull();
  });
});
