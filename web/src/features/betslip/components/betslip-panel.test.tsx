import { DEFAULT_SITE_SETTINGS, type SlipSelection } from '@kupon/domain';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GUEST_LIMITS, slipRulesFor } from '@/stores/betslip-rules';
import { type SelectionDetail, useBetslipStore } from '@/stores/betslip-store';
import { renderPage } from '@/testing/render';
import { BetslipPanel } from './betslip-panel';

function pick(matchId: string, odds: number): SlipSelection {
  return { id: `${matchId}:1x2::1`, matchId, marketId: '1x2', special: '', outcomeId: '1', odds, banker: false, isLive: false, limits: null };
}
const detail = (home: string): SelectionDetail => ({ sportId: 1, home, away: 'Rakip', matchDate: '2026-11-22T18:00:00Z', marketName: 'Maç Sonucu', outcomeName: '1' });

const WANTED = 1000;

beforeEach(() => {
  // No api: the site's settings are the product defaults (no settings route).
  vi.stubGlobal('fetch', vi.fn(async () => Response.json({ error: 'notFound' }, { status: 404 })));
  useBetslipStore.setState({ slip: { selections: [], systemSizes: [], stake: 1000, oddChangeOk: false }, details: {}, rules: slipRulesFor(null), wantedStake: WANTED, notice: null });
});

const panel = (onPlace = () => undefined) => <BetslipPanel currency="TRY" currencyMode={0} quickStakes={[500, 1000, 2000, 5000]} onPlace={onPlace} />;

describe('the betslip panel', () => {
  it('shows a system 2/3 with a banker: type, tickets, split stake and payout from the domain summary', async () => {
    const { store } = { store: useBetslipStore.getState() };
    store.toggle(pick('m1', 2000), detail('Galatasaray'));
    store.toggle(pick('m2', 3000), detail('Beşiktaş'));
    store.toggle(pick('m3', 4000), detail('Trabzonspor'));
    await renderPage(panel());
    expect(screen.getByTestId('coupon-type').textContent).toContain('Kombine');
    fireEvent.click(screen.getAllByRole('button', { name: 'B' })[0]!);
    expect(screen.getByTestId('coupon-type').textContent).toContain('Sistem');
    // The banker auto-selects the full size 3/3; the player picks 2/3 instead.
    expect((screen.getByLabelText('3/3 (1 kupon)') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText('2/3 (2 kupon)'));
    fireEvent.click(screen.getByLabelText('3/3 (1 kupon)'));
    // Banker m1 (2.00) with each of m2 (3.00) and m3 (4.00): two tickets of 5,00 → 5 × 6 + 5 × 8 = 70,00
    expect(screen.getByTestId('summary-tickets').textContent).toBe('2');
    expect(screen.getByTestId('summary-total-stake').textContent).toBe('10 ₺');
    expect(screen.getByTestId('summary-payout').textContent).toBe('70 ₺');
    expect(screen.getByText('Galatasara. - Rakip')).toBeTruthy();
  });

  it('translates a refusal into the page language, with its parameter', async () => {
    for (let i = 1; i <= 20; i++) useBetslipStore.getState().toggle(pick(`m${i}`, 1200), detail(`T${i}`));
    useBetslipStore.getState().toggle(pick('m21', 1200), detail('T21'));
    await renderPage(panel(), { language: 'en' });
    expect(screen.getByTestId('betslip-notice').textContent).toContain('A coupon holds at most 20 selections.');
  });

  it('quick stakes set the stake; a typed stake above the maximum is kept and refused with the maximum', async () => {
    const onPlace = vi.fn();
    useBetslipStore.getState().toggle(pick('m1', 1500), detail('Ev'));
    await renderPage(panel(onPlace));
    fireEvent.click(screen.getByRole('button', { name: '20' }));
    expect(useBetslipStore.getState().slip.stake).toBe(2000);
    const input = screen.getByTestId('stake-input');
    fireEvent.change(input, { target: { value: '1.000,00' } });
    fireEvent.blur(input);
    expect(useBetslipStore.getState().slip.stake).toBe(100_000);
    expect((input as HTMLInputElement).value).toBe('1.000');
    expect(screen.getByTestId('betslip-problem').textContent).toBe('Maksimum miktar: 250');
    expect((screen.getByTestId('place-coupon') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('place-coupon'));
    expect(onPlace).not.toHaveBeenCalled();
  });

  it('zero, a negative or an unreadable stake is refused on the slip and nothing is placed', async () => {
    const onPlace = vi.fn();
    useBetslipStore.getState().toggle(pick('m1', 1500), detail('Ev'));
    await renderPage(panel(onPlace));
    const input = screen.getByTestId('stake-input') as HTMLInputElement;
    const place = screen.getByTestId('place-coupon') as HTMLButtonElement;
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.blur(input);
    expect(useBetslipStore.getState().slip.stake).toBe(0);
    expect(screen.getByTestId('betslip-problem').textContent).toBe('Minimum miktar: 1');
    expect(place.disabled).toBe(true);
    for (const typed of ['-5', 'on']) {
      fireEvent.change(input, { target: { value: typed } });
      fireEvent.blur(input);
      // What the player typed stays in sight, refused; the slip's previous stake is never placed behind it.
      expect(input.value).toBe(typed);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByTestId('betslip-problem').textContent).toBe('Miktarı tutar olarak yazın, örn. 10 veya 10,50');
      expect(place.disabled).toBe(true);
    }
    fireEvent.click(place);
    expect(onPlace).not.toHaveBeenCalled();
  });

  it('the summary follows the typing; the player’s limits arriving mid-typing never change the stake typed', async () => {
    useBetslipStore.getState().toggle(pick('m1', 1500), detail('Ev'));
    await renderPage(panel());
    const input = screen.getByTestId('stake-input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '25' } });
    expect(useBetslipStore.getState().slip.stake).toBe(2500);
    expect(screen.getByTestId('summary-total-stake').textContent).toBe('25 ₺');
    // The player's own limits arrive mid-typing (a minimum of 30): the stake stays, refused with the rule.
    const atLeast30 = { ...GUEST_LIMITS.combine, minStake: 3000 };
    act(() => useBetslipStore.getState().setRules(slipRulesFor({ ...GUEST_LIMITS, combine: atLeast30, multiple: atLeast30, system: atLeast30 })));
    expect(useBetslipStore.getState().slip.stake).toBe(2500);
    expect(input.value).toBe('25');
    expect(screen.getByTestId('betslip-problem').textContent).toBe('Minimum miktar: 30');
    fireEvent.change(input, { target: { value: '30' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(useBetslipStore.getState().slip.stake).toBe(3000);
    expect(screen.queryByTestId('betslip-problem')).toBeNull();
  });

  it('placing is offered only for a creatable coupon', async () => {
    const onPlace = vi.fn();
    useBetslipStore.getState().toggle(pick('m1', 1500), detail('Ev'));
    await renderPage(panel(onPlace));
    fireEvent.click(screen.getByTestId('place-coupon'));
    expect(onPlace).toHaveBeenCalledTimes(1);
  });

  it('shows odds, total odds, stakes and the payout with the site’s decimals (§3 tofixedNumber); the stake field keeps two', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ siteId: 'kupon', name: 'Kupon', hosts: [], version: 2, operatorId: 'kupon', settings: { ...DEFAULT_SITE_SETTINGS, toFixedNumber: 3 } })),
    );
    useBetslipStore.getState().toggle(pick('m1', 1855), detail('Ev'));
    useBetslipStore.getState().setStake(1050);
    await renderPage(panel());
    await waitFor(() => expect(screen.getByTestId('summary-total-stake').textContent).toBe('10,500 ₺'));
    expect(screen.getByTestId('summary-odds').textContent).toBe('1.855');
    // 10,50 × 1.855 = 19,4775: the domain pays whole minor units rounded down, 19,47, shown with three decimals.
    expect(screen.getByTestId('summary-payout').textContent).toBe('19,470 ₺');
    expect(screen.getByRole('button', { name: '20' })).toBeTruthy();
    expect((screen.getByTestId('stake-input') as HTMLInputElement).value).toBe('10,50');
  });

  it('no decimals: amounts round to whole units; a price keeps the decimals it pays on', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ siteId: 'kupon', name: 'Kupon', hosts: [], version: 2, operatorId: 'kupon', settings: { ...DEFAULT_SITE_SETTINGS, toFixedNumber: 0 } })),
    );
    useBetslipStore.getState().toggle(pick('m1', 1855), detail('Ev'));
    useBetslipStore.getState().setStake(1050);
    await renderPage(panel());
    await waitFor(() => expect(screen.getByTestId('summary-total-stake').textContent).toBe('11 ₺'));
    expect(screen.getByTestId('summary-odds').textContent).toBe('1.855');
  });
});
