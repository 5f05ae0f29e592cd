import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { isApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { useSiteDisplay } from '@/features/site/display';
import { PRINT_FAILURE_CANCEL_MS } from '@kupon/domain';
import { useCancelCoupon, useCoupon, usePrintCancelCoupon, useSellCoupon } from '../api/coupons';
import type { PrinterStateName } from '@kupon/api/contract';
import { useUser } from '@/features/auth/api/get-user';
import { reportTicketPrint, usePrintStore } from '@/stores/print-store';
import { slipOf } from '../print';
import { type Coupon, canCancel, canSell } from '../types';
import { CouponSummary } from './coupon-summary';

/** Spec §4 "sell message disappears after 3 s unless in progress". */
export const SELL_MESSAGE_MS = 3000;

/** Spec §2 coupon detail popup: lines, live refresh, sell (with confirmation), cancel, print, share. */
export function CouponDetail({ couponId }: { couponId: string }) {
  const { t } = useTranslation('coupons');
  const errorText = useErrorText();
  const display = useSiteDisplay();
  const { lang = 'tr' } = useParams();
  const detail = useCoupon(couponId, lang);
  const sell = useSellCoupon();
  const cancel = useCancelCoupon();
  const printCancel = usePrintCancelCoupon();
  const { user } = useUser();
  const printTemplate = usePrintStore((s) => s.printTemplate);
  // Spec §7 prints: the api's template in the page language; the page's own slip if it cannot be had.
  // A terminal says whether its ticket printed (printerstatus), so a slip that did not can be undone.
  const print = (kind: 'coupon' | 'win' | 'cancel', coupon: Coupon, amount?: number) =>
    void printTemplate({
      kind,
      ref: coupon.ticketId,
      lang,
      fallback: slipOf(kind, coupon, amount),
      ...(kind === 'coupon' && user?.role === 'terminal' ? { onPrinted: (printer: PrinterStateName) => reportTicketPrint(coupon.ticketId, printer) } : {}),
    });
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  // The slip's markup is a chunk of its own: have it at hand before the player asks to print.
  useEffect(() => {
    void import('./print-slip');
  }, []);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), SELL_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  if (detail.isPending) return <div className="page-loading" aria-busy="true" />;
  if (!detail.data)
    return (
      <p className="notice notice--error" role="alert">
        {isApiError(detail.error) ? errorText(detail.error.key, detail.error.params) : errorText('tecnicalProblemContent')}
      </p>
    );
  const { coupon: c, sellType, sellAmount } = detail.data;
  const done = (ok: boolean, error: unknown) =>
    setMessage({ ok, text: ok ? t('actionDone') : isApiError(error) ? errorText(error.key, error.params) : errorText('tecnicalProblemContent') });

  return (
    <div className="coupon-detail" data-testid="coupon-detail">
      <CouponSummary coupon={c} />
      {message && <p className={message.ok ? 'notice notice--success' : 'notice notice--error'}>{message.text}</p>}
      <div className="actions">
        {canSell(c, sellType) &&
          sellAmount !== undefined &&
          (confirming ? (
            <>
              <span>{t('areYouSure', { amount: display.money(sellAmount) })}</span>
              <button
                type="button"
                className="button button--primary"
                disabled={sell.isPending}
                onClick={() =>
                  sell.mutate(
                    { id: c.ticketId, amount: sellAmount },
                    {
                      // §4: a sale prints the win slip.
                      onSuccess: (sold) => {
                        done(true, null);
                        print('win', sold.coupon, sellAmount);
                      },
                      onError: (e) => done(false, e),
                      onSettled: () => setConfirming(false),
                    },
                  )
                }
              >
                {t('yes')}
              </button>
              <button type="button" className="button" onClick={() => setConfirming(false)}>
                {t('no')}
              </button>
            </>
          ) : (
            <button type="button" className="button" onClick={() => setConfirming(true)}>
              {t('sell')}
            </button>
          ))}
        {canCancel(c) && (
          <button type="button" className="button" disabled={cancel.isPending} onClick={() =>
              cancel.mutate(c.ticketId, {
                // §4: a cancellation prints the cancel slip.
                onSuccess: (cancelled) => {
                  done(true, null);
                  print('cancel', cancelled.coupon, cancelled.coupon.totalStake);
                },
                onError: (e) => done(false, e),
              })
            }>
            {t('cancel')}
          </button>
        )}
        {unprintedTicket(c, user?.role) && (
          <button
            type="button"
            className="button"
            data-testid="print-cancel"
            disabled={printCancel.isPending}
            onClick={() => printCancel.mutate(c.ticketId, { onSuccess: () => done(true, null), onError: (e) => done(false, e) })}
          >
            {t('printFailedCancel')}
          </button>
        )}
        <button type="button" className="button" data-testid="print-coupon" onClick={() => print('coupon', c)}>
          {t('print')}
        </button>
        <a className="button" href={`/${lang}/couponShare/${encodeURIComponent(c.ticketId)}`}>
          {t('share')}
        </a>
      </div>
    </div>
  );
}

/**
 * A terminal's waiting pre-match ticket of the last two minutes: if its slip did not print, the
 * terminal takes it back (api/PRINTS.md; the api checks the rest: never printed, nothing started).
 */
function unprintedTicket(coupon: Coupon, role: string | undefined): boolean {
  return role === 'terminal' && coupon.status === 0 && !coupon.isLive && Date.now() - Date.parse(coupon.ticketDate) <= PRINT_FAILURE_CANCEL_MS;
}
