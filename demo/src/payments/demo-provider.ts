import { createHmac, timingSafeEqual } from 'node:crypto';
import type { PaymentAnswer, PaymentProvider, PaymentStart, VerifiedCallback } from '@kupon/api/money';

export const DEMO_SIGNATURE_HEADER = 'x-demo-signature';

/** Where the demo provider's pages and our callback live (under the api prefix). */
export const DEMO_PATHS = {
  checkout: (transferId: string) => `/api/v1/payments/demo/checkout/${encodeURIComponent(transferId)}`,
  callback: '/api/v1/payments/callbacks/demo',
} as const;

/**
 * The built-in payment provider: a stand-in for a real PSP that runs inside the api. It serves its
 * own checkout page (redirect, or framed for `iframe 2`), and when the payer confirms or declines it
 * calls our callback server-to-server with an HMAC-SHA256 signature over the exact body, like a real
 * provider's webhook.
 */
export class DemoPaymentProvider implements PaymentProvider {
  readonly name = 'demo';

  constructor(private readonly secret: string) {}

  async start(payment: PaymentStart): Promise<PaymentAnswer> {
    const url = `${payment.origin}${DEMO_PATHS.checkout(payment.transferId)}?token=${this.pageToken(payment.transferId, payment.amount)}&amount=${payment.amount}&currency=${payment.currency}`;
    const flow = payment.flow;
    if (flow === 'iframe1') return { kind: 'iframe', mode: 1, url, target: null };
    if (flow === 'iframe2') return { kind: 'iframe', mode: 2, url, target: null };
    return { kind: 'redirect', url };
  }

  /** Binds a checkout page to its transfer and amount, so a page cannot be opened for another. */
  pageToken(transferId: string, amount: number): string {
    return this.sign(`page|${transferId}|${amount}`);
  }

  pageTokenHolds(transferId: string, amount: number, token: string): boolean {
    return equalHex(this.pageToken(transferId, amount), token);
  }

  /** The callback the provider sends when the payer decides: body and signature header. */
  callback(transferId: string, outcome: 'confirmed' | 'failed', amount: number, providerReference: string): { body: string; signature: string } {
    const body = JSON.stringify({ transferId, outcome, amount, providerReference, reason: outcome === 'failed' ? 'declinedByPayer' : '' });
    return { body, signature: this.sign(body) };
  }

  verifyCallback(rawBody: string, headers: Readonly<Record<string, string | string[] | undefined>>): VerifiedCallback | null {
    const signature = headers[DEMO_SIGNATURE_HEADER];
    if (typeof signature !== 'string' || !equalHex(this.sign(rawBody), signature)) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      return null;
    }
    const body = parsed as Partial<VerifiedCallback>;
    if (typeof body.transferId !== 'string' || (body.outcome !== 'confirmed' && body.outcome !== 'failed')) return null;
    if (!Number.isSafeInteger(body.amount) || typeof body.providerReference !== 'string') return null;
    return { transferId: body.transferId, outcome: body.outcome, amount: body.amount!, providerReference: body.providerReference, reason: typeof body.reason === 'string' ? body.reason : '' };
  }

  private sign(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('hex');
  }
}

function equalHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}
