import { couponSummary, DEFAULT_SITE_SETTINGS, type SlipSelection } from '@kupon/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionWatcher } from '@/app/layout/session-watcher';
import { slipRulesFor } from '@/stores/betslip-rules';
import { type SelectionDetail, useBetslipStore } from '@/stores/betslip-store';
import { renderPage } from '@/testing/render';
import { BetslipPanel } from './betslip-panel';

const pick = (matchId: string): SlipSelection => ({ id: `${matchId}:1x2::1`, matchId, marketId: '1x2', special: '', outcomeId: '1', odds: 1850, banker: false, isLive: false, limits: null });
const detail = (home: string): SelectionDetail => ({ sportId: 1, home, away: 'Rakip', matchDate: '2026-11-22T18:00:00Z', marketName: 'Maç Sonucu', outcomeName: '1' });

/** A guest on a site whose settings carry `bonusCoupon` and `maxPayoutTiers` (no session: the user route answers 401). */
function serve(bonusCoupon: { bonusPercent: number; bonusTipCount: number; bonusOdds: number }, maxPayoutTiers: readonly number[] = [0, 0, 0, 0, 0, 0]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/sites/current')) return Response.json({ siteId: 'kupon', name: 'Kupon', hosts: [], version: 3, operatorId: 'kupon', settings: { ...DEFAULT_SITE_SETTINGS, bonusCoupon, maxPayoutTiers } });
      return Response.json({ error: 'loginRequired' }, { status: 401 });
    }),
  );
}

beforeEach(() => {
  useBetslipStore.setState({ slip: { selections: [], systemSizes: [], stake: 1000, oddChangeOk: false }, details: {}, rules: slipRulesFor(null), wantedStake: 1000, notice: null });
  for (const [m, team] of [['m1', 'Ev1'], ['m2', 'Ev2'], ['m3', 'Ev3'], ['m4', 'Ev4']] as const) useBetslipStore.getState().toggle(pick(m), detail(team));
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const page = (
  <>
    <SessionWatcher />
    <BetslipPanel currency="TRY" currencyMode={0} quickStakes={[500, 1000]} onPlace={() => undefined} />
  </>
);

describe('the betslip shows the site’s coupon bonus (§3 bonusCoupon, §5)', () => {
  it('four picks at 1.85 on a site paying 5 % from the third: 10 % and the bonus the server pays on the same coupon', async () => {
    const bonusCoupon = { bonusPercent: 5, bonusTipCount: 2, bonusOdds: 1500 };
    serve(bonusCoupon);
    await renderPage(page);
    // The domain's figure for this slip under this rule; tests/src/coupon-policy-http.test.ts sees the server pay 10,71 on it.
    const expected = couponSummary(useBetslipStore.getState().slip, slipRulesFor(null, bonusCoupon));
    expect([expected.bPercent, expected.bPrice]).toEqual([10, 1071]);
    await waitFor(() => expect(screen.getByTestId('summary-bonus').textContent).toBe('10,71 ₺'));
    expect(screen.getByText('Bonus (%10)')).toBeTruthy();
  });

  it('no bonus row when the site runs none (percent 0), nor when a pick is below the bonus odds', async () => {
    serve({ bonusPercent: 0, bonusTipCount: 2, bonusOdds: 1500 });
    const { unmount } = await renderPage(page);
    await waitFor(() => expect(screen.getByTestId('summary-payout')).toBeTruthy());
    await waitFor(() => expect(useBetslipStore.getState().rules.bonus).toBeNull());
    expect(screen.queryByTestId('summary-bonus')).toBeNull();
    unmount();
    localStorage.clear();

    serve({ bonusPercent: 5, bonusTipCount: 2, bonusOdds: 1900 });
    await renderPage(page);
    await waitFor(() => expect(useBetslipStore.getState().rules.bonus).toEqual({ bonusPercent: 5, bonusTipCount: 2, bonusOdds: 1900 }));
    expect(screen.queryByTestId('summary-bonus')).toBeNull();
  });
});

describe('the betslip caps the payout at the site’s max payout tier (§9)', () => {
  it('four picks at 1.85 for 10.00 would return 117,13: a site paying at most 100 on stakes under 100 shows 100, as the server will hold the coupon to', async () => {
    const noBonus = { bonusPercent: 0, bonusTipCount: 2, bonusOdds: 1500 };
    serve(noBonus, [10_000, 25_000, 0, 0, 0, 0]);
    await renderPage(page);
    await waitFor(() => expect(screen.getByTestId('summary-max-payout').textContent).toBe('100 ₺'));
    expect(screen.getByTestId('summary-payout').textContent).toBe('100 ₺');
    // Without the tier, the guest slip's own 12.500 cap leaves the whole return
    expect(couponSummary(useBetslipStore.getState().slip, slipRulesFor(null, null)).maxPay).toBe(11_713);
  });
});
