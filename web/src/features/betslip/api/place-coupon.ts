import type { CreateCouponBody } from '@kupon/api/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, newRequestId } from '@/lib/api-client';
import { useBetslipStore } from '@/stores/betslip-store';

/** The coupon placement route of the api (issue 5, spec §7 createcoupon). */
export const PLACE_COUPON_PATH = '/api/v1/coupons';

/** The request body for the slip as it stands: the odds the player saw, bankers, system sizes, total stake. */
export function createCouponBody(requestId: string): CreateCouponBody {
  const { slip } = useBetslipStore.getState();
  return {
    requestId,
    tips: slip.selections.map((s) => ({ matchId: s.matchId, marketId: s.marketId, special: s.special, outcomeId: s.outcomeId, odds: s.odds, banker: s.banker, isLive: s.isLive })),
    totalStake: slip.stake,
    systemTickets: [...slip.systemSizes],
    oddChangeOk: slip.oddChangeOk,
  };
}

/**
 * Places the slip. One client request id per attempt, so a retried request is answered, not
 * repeated; the slip is cleared only once the server accepted the coupon.
 */
export function usePlaceCoupon() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ status: true; coupon: { ticketId: string }; balance: number }>(PLACE_COUPON_PATH, { method: 'POST', body: createCouponBody(newRequestId()) }),
    onSuccess: async () => {
      useBetslipStore.getState().clear();
      await Promise.all([client.invalidateQueries({ queryKey: ['user'] }), client.invalidateQueries({ queryKey: ['coupons'] })]);
    },
  });
}
