import { z } from 'zod';
import { CouponView } from './money';

/** A check code as typed or scanned: any case, dashes and spaces optional (api/TICKET-CHECK.md). */
export const TicketCodeParams = z.object({ code: z.string().min(1).max(40) });

/**
 * `pinSearch (code)`: what anyone holding the slip may see. No owner, and not the coupon's id (the key
 * of the owner's and staff's coupon routes): only the ticket itself and its code.
 */
export const PublicTicketView = CouponView.omit({ ticketId: true }).extend({
  checkCode: z.string(),
  /** A bearer ticket sold at a terminal, paid out at the counter (`paid`); an online coupon's payout went to its account at settlement. */
  shopTicket: z.boolean(),
});
export type PublicTicketView = z.infer<typeof PublicTicketView>;
export const TicketCheckResponse = z.object({ coupon: PublicTicketView });
export type TicketCheckResponse = z.infer<typeof TicketCheckResponse>;

/**
 * `ticketCheckTerminal`: a terminal, a dealer above it or site staff finds a ticket by its code. It gets
 * the coupon's id too, and whether the ticket is one to pay out at the counter now (a won shop ticket
 * not paid yet); the payout itself is `POST /coupons/:ticketId/pay`.
 */
export const CounterTicketResponse = z.object({ coupon: CouponView.extend({ checkCode: z.string(), shopTicket: z.boolean() }), payable: z.boolean() });
export type CounterTicketResponse = z.infer<typeof CounterTicketResponse>;
