import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The check code printed on every coupon slip (spec §7 `pinSearch`, `ticketCheckTerminal`): 12 symbols
 * of Crockford's base32, shown as `K7QP-M2XD-9H3F`. It needs no storage: 60 bits, of which
 * - the first 28 are the first 7 hex digits of the coupon id (a uuid): they find the few coupons that
 *   could be meant with one index range on `coupons.coupon_id`;
 * - the last 32 are an HMAC-SHA256 of the coupon id under the server's ticket key: nobody without the
 *   key can make the code of a coupon, even knowing its id.
 * Guessing a valid code takes about 2^60 / (number of coupons) tries, and the check is rate-limited.
 * The code stays the same for as long as the key does (api/TICKET-CHECK.md).
 */
export const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const CODE_LENGTH = 12;
const LOCATOR_HEX = 7;
const MAC_BITS = 32n;

/** The parts of a typed code: where to look, and what the key must say about what is found there. */
export interface ParsedTicketCode {
  /** The 7 hex digits the coupon id starts with. */
  readonly locator: string;
  readonly mac: Buffer;
}

export class TicketCodes {
  private readonly key: Buffer;

  constructor(secret: string | Buffer) {
    this.key = typeof secret === 'string' ? Buffer.from(secret, 'utf8') : secret;
  }

  /** The code of a coupon, grouped by four: `XXXX-XXXX-XXXX`. */
  codeOf(couponId: string): string {
    const id = couponId.toLowerCase();
    const locator = /^[0-9a-f]{7}/.test(id) ? BigInt(`0x${id.slice(0, LOCATOR_HEX)}`) : 0n;
    const value = (locator << MAC_BITS) | BigInt(`0x${this.mac(id).toString('hex')}`);
    let symbols = '';
    for (let i = CODE_LENGTH - 1; i >= 0; i--) symbols += CODE_ALPHABET[Number((value >> BigInt(i * 5)) & 31n)];
    return symbols.match(/.{1,4}/g)!.join('-');
  }

  /** Does `code` belong to this coupon (under this key)? */
  matches(couponId: string, code: ParsedTicketCode): boolean {
    const id = couponId.toLowerCase();
    return id.startsWith(code.locator) && timingSafeEqual(this.mac(id), code.mac);
  }

  private mac(couponId: string): Buffer {
    return createHmac('sha256', this.key).update(`kupon-ticket-check|${couponId}`).digest().subarray(0, Number(MAC_BITS / 8n));
  }
}

/**
 * A code as a person types or a scanner reads it: any case, with or without dashes or spaces; the
 * look-alikes O, I and L read as 0, 1 and 1 (Crockford). Null when it cannot be a code at all.
 */
export function parseTicketCode(input: string): ParsedTicketCode | null {
  const symbols = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (symbols.length !== CODE_LENGTH) return null;
  let value = 0n;
  for (const symbol of symbols) {
    const digit = CODE_ALPHABET.indexOf(symbol);
    if (digit < 0) return null;
    value = (value << 5n) | BigInt(digit);
  }
  const mac = Buffer.from((value & ((1n << MAC_BITS) - 1n)).toString(16).padStart(8, '0'), 'hex');
  return { locator: (value >> MAC_BITS).toString(16).padStart(LOCATOR_HEX, '0'), mac };
}
