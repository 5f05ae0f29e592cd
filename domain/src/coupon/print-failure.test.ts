import { describe, expect, it } from 'vitest';
import type { CouponEvent } from './events';
import { PRINT_FAILURE_CANCEL_MS } from './decider';
import { given } from './testing/given';
import { KICKOFF, NOW, pick, placed, testContext } from './testing/fixtures';

/** A ticket sold at a terminal (a shop coupon), 1000 staked on one pre-match pick. */
const shopTicket = placed([pick('m1', 1850)], 1000, { channel: 'shop' });
const onlineCoupon = placed([pick('m1', 1850)], 1000);
const later = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();
const cancelUnprinted = (now = later(30_000)) => ({ type: 'CancelCoupon' as const, couponId: 'c-1', now, reason: 'printFailed' as const });
const report = (printed: boolean, printer: 'ok' | 'noPaper' = printed ? 'ok' : 'noPaper', now = later(5_000)) => ({ type: 'ReportCouponPrint' as const, couponId: 'c-1', printed, printer, now });
const reported = (printed: boolean, printer: 'ok' | 'noPaper' = printed ? 'ok' : 'noPaper', at = later(5_000)): CouponEvent => ({ type: 'CouponSlipReported', data: { couponId: 'c-1', printed, printer, at } });

describe('ReportCouponPrint (printerstatus)', () => {
  it('given a shop ticket, when the terminal reports its slip did not print, then the report is recorded with the printer’s state', () => {
    given([shopTicket]).when(report(false)).then([reported(false)]);
  });

  it('given a slip reported printed, when it is reported printed again, then nothing new is recorded', () => {
    given([shopTicket, reported(true)]).when(report(true)).then([]);
  });

  it('given an online coupon, when a print is reported, then there is no such ticket', () => {
    given([onlineCoupon]).when(report(true)).thenFails('couponNotFound');
  });
});

describe('CancelCoupon for a slip that did not print (printingCouponCancel)', () => {
  it('given a shop ticket whose slip failed, when the terminal cancels it shortly after, then the stake is refunded with the reason', () => {
    given([shopTicket, reported(false)])
      .when(cancelUnprinted())
      .then([{ type: 'CouponCancelled', data: { couponId: 'c-1', refund: 1000, at: later(30_000), reason: 'printFailed' } }]);
  });

  it('given the site lets nobody cancel coupons, when the terminal cancels an unprinted ticket, then it is still refunded: the customer holds nothing', () => {
    given([shopTicket]).when(cancelUnprinted(), testContext({ cancel: { enabled: false, periodMs: 0 } })).then([{ type: 'CouponCancelled', data: { couponId: 'c-1', refund: 1000, at: later(30_000), reason: 'printFailed' } }]);
  });

  it('given a slip reported printed (even after a failure), when the terminal cancels it as unprinted, then slipPrinted', () => {
    given([shopTicket, reported(true)]).when(cancelUnprinted()).thenFails('slipPrinted');
    given([shopTicket, reported(false), reported(true)]).when(cancelUnprinted()).thenFails('slipPrinted');
    given([shopTicket, reported(true), reported(false)]).when(cancelUnprinted()).thenFails('slipPrinted');
  });

  it('given a shop ticket, when the terminal cancels it later than the print window, then the cancellation period is over', () => {
    given([shopTicket]).when(cancelUnprinted(later(PRINT_FAILURE_CANCEL_MS))).then([{ type: 'CouponCancelled', data: { couponId: 'c-1', refund: 1000, at: later(PRINT_FAILURE_CANCEL_MS), reason: 'printFailed' } }]);
    given([shopTicket]).when(cancelUnprinted(later(PRINT_FAILURE_CANCEL_MS + 1))).thenFails('couponCancellationPeriodOver');
  });

  it('given a selection already settled or its match started, when the terminal cancels, then it is refused', () => {
    given([shopTicket, { type: 'SelectionSettled', data: { couponId: 'c-1', selectionId: 'm1:1', result: 'lost', at: later(1_000) } }]).when(cancelUnprinted()).thenFails('couponCancellationPeriodOver');
    given([shopTicket]).when(cancelUnprinted(), testContext({ matches: { m1: { phase: 'live', startsAt: KICKOFF } } })).thenFails('matchStarted');
  });

  it('given a live ticket, when the terminal cancels it as unprinted, then it stays: a live coupon is reprinted, never cancelled', () => {
    const live = placed([pick('m1', 1850, '1', { isLive: true })], 1000, { channel: 'shop' }, undefined);
    const liveTicket: CouponEvent = { ...live, data: { ...live.data, isLive: true, selections: live.data.selections.map((s) => ({ ...s, isLive: true })) } };
    given([liveTicket]).when(cancelUnprinted()).thenFails('liveCouponCanNotBeCanceled');
  });

  it('given an online coupon, when it is cancelled as unprinted, then there is no such ticket', () => {
    given([onlineCoupon]).when(cancelUnprinted()).thenFails('couponNotFound');
  });

  it('given a ticket already cancelled, when the cancel is repeated, then nothing moves again', () => {
    given([shopTicket, { type: 'CouponCancelled', data: { couponId: 'c-1', refund: 1000, at: later(30_000), reason: 'printFailed' } }]).when(cancelUnprinted(later(40_000))).then([]);
  });

  it('given a slip reported printed and the ticket then settled, when printed is reported again, then nothing new: the print is remembered through settlement', () => {
    const settled: CouponEvent[] = [
      { type: 'SelectionSettled', data: { couponId: 'c-1', selectionId: 'm1:1', result: 'won', at: later(1_000) } },
      { type: 'CouponSettled', data: { couponId: 'c-1', status: 1, winnings: 1850, bonus: 0, payout: 1850, at: later(1_000) } },
    ];
    const afterSettlement = given([shopTicket, reported(true), ...settled]);
    expect(afterSettlement.state).toMatchObject({ status: 'won', slip: 'printed' });
    afterSettlement.when(report(true)).then([]);
  });
});
