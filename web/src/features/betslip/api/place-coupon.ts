import type { CouponView, CreateCouponBody, PrinterStateName } from '@kupon/api/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, newRequestId } from '@/lib/api-client';
import { useUser } from '@/features/auth/api/get-user';
import { printsOnPlacement, slipOf } from '@/features/coupons/print';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { useBetslipStore } from '@/stores/betslip-store';
import { useTranslation } from 'react-i18next';
import { reportTicketPrint, usePrintStore } from '@/stores/print-store';

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
  const settings = useSiteSettings();
  const { user } = useUser();
  const { i18n } = useTranslation();
  return useMutation({
    mutationFn: () => apiRequest<{ status: true; coupon: CouponView; balance: number }>(PLACE_COUPON_PATH, { method: 'POST', body: createCouponBody(newRequestId()) }),
    onSuccess: async (created) => {
      useBetslipStore.getState().clear();
      // §3 auto_print: a shop coupon's slip prints as soon as it is accepted.
      // A terminal says whether the slip printed (printerstatus): one that did not can be undone.
      if (printsOnPlacement(settings, user)) {
        const { ticketId } = created.coupon;
        void usePrintStore.getState().printTemplate({
          kind: 'coupon',
          ref: ticketId,
          lang: i18n.language,
          fallback: slipOf('coupon', created.coupon),
          ...(user?.role === 'terminal' ? { onPrinted: (printer: PrinterStateName) => reportTicketPrint(ticketId, printer) } : {}),
        });
      }
      await Promise.all([client.invalidateQueries({ queryKey: ['user'] }), client.invalidateQueries({ queryKey: ['coupons'] })]);
    },
  });
}
