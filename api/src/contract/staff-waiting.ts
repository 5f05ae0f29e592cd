import { z } from 'zod';

/**
 * `GET /staff/waiting` (admin, operator): what waits on this site for the staff who act on it, as the
 * back office's home page and menu show it. Each count reads its queue's read table:
 * - `transfers`: requests in `requested` that staff decide: withdrawals, and deposits of a method no
 *   provider confirms by itself (COMMUNITY_BANK); a provider's own deposits wait for its callback, not staff;
 * - `contactMessages`: contact form messages still `open` (not answered, not closed);
 * - `bonusRequests`: players' bonus requests still `waiting`.
 */
export const StaffWaiting = z.object({
  transfers: z.number().int().min(0),
  contactMessages: z.number().int().min(0),
  bonusRequests: z.number().int().min(0),
});
export type StaffWaiting = z.infer<typeof StaffWaiting>;
