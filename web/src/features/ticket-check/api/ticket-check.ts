import type { CounterTicketResponse, CouponView, PublicTicketView, TicketCheckResponse } from '@kupon/api/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '@/lib/api-client';

/** The ticket check routes of the api (api/TICKET-CHECK.md); the payout is the coupons' own shop payout. */
export const TICKET_CHECK_PATHS = {
  check: (code: string) => `/api/v1/coupons/check/${encodeURIComponent(code)}`,
  counter: (code: string) => `/api/v1/coupons/check/${encodeURIComponent(code)}/counter`,
  pay: (ticketId: string) => `/api/v1/coupons/${encodeURIComponent(ticketId)}/pay`,
} as const;

const SYMBOLS = /^[0-9A-HJKMNP-TV-Z]{12}$/;

/**
 * A code as typed: any case, dashes and spaces optional, O read as 0 and I or L as 1 (as the api reads
 * it), grouped by four; null when it cannot be a code, so nothing is asked of the api for it.
 */
export function normaliseTicketCode(input: string): string | null {
  const symbols = input.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  return SYMBOLS.test(symbols) ? symbols.match(/.{4}/g)!.join('-') : null;
}

export interface FoundTicket {
  readonly coupon: PublicTicketView;
  /** The coupon's id when the asker is its counter (its terminal, a dealer above it, site staff). */
  readonly ticketId: string | null;
  /** A won shop ticket not paid yet, which this counter may pay out now. */
  readonly payable: boolean;
}

/**
 * A logged-in user is asked about as a counter first (a terminal's or dealer's ticket comes with its
 * id and whether to pay it); a ticket that is not theirs, or a guest, gets what anyone holding the slip sees.
 */
export async function findTicket(code: string, lang: string, loggedIn: boolean): Promise<FoundTicket> {
  if (loggedIn) {
    try {
      const { coupon, payable } = await apiRequest<CounterTicketResponse>(TICKET_CHECK_PATHS.counter(code), { query: { lang } });
      const { ticketId, ...rest } = coupon;
      return { coupon: rest, ticketId, payable };
    } catch (error) {
      if (!isApiError(error) || (error.status !== 404 && error.status !== 401)) throw error;
    }
  }
  const { coupon } = await apiRequest<TicketCheckResponse>(TICKET_CHECK_PATHS.check(code), { query: { lang } });
  return { coupon, ticketId: null, payable: false };
}

/** `asker` null while it is not known yet who asks: nothing is asked until then (each check counts against a limit). */
export function useTicket(code: string | null, lang: string, asker: 'guest' | 'user' | null) {
  return useQuery({
    queryKey: ['ticketCheck', code, lang, asker],
    queryFn: () => findTicket(code!, lang, asker === 'user'),
    enabled: code !== null && asker !== null,
    retry: false,
  });
}

/** The shop payout (`POST /coupons/:ticketId/pay`), the very route the back office pays a ticket with. */
export function usePayTicket() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ticketId: string) => apiRequest<{ coupon: CouponView }>(TICKET_CHECK_PATHS.pay(ticketId), { method: 'POST' }),
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: ['ticketCheck'] }), client.invalidateQueries({ queryKey: ['coupons'] }), client.invalidateQueries({ queryKey: ['user'] })]),
  });
}
