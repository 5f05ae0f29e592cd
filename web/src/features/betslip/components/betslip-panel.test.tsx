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

  it('quick stakes set the stake; a typed stake above the maximum is clamped to it', async () => {
    useBetslipStore.getState().toggle(pick('m1', 1500), detail('Ev'));
    await renderPage(panel());
    fireEvent.click(screen.getByRole('button', { name: '20' }));
    expect(useBetslipStore.getState().slip.stake).toBe(2000);
    const input = screen.getByTestId('stake-input');
    fireEvent.change(input, { target: { value: '1.000,00' } });
    fireEvent.blur(input);
    expect(useBetslipStore.getState().slip.stake).toBe(25_000);
    expect((input as HTMLInputElement).value).toBe('250');
  });

  it('what the player is typing stays while the slip’s stake changes underneath; Enter commits it', async () => {
    useBetslipStore.getState().toggle(pick('m1', 1500), detail('Ev'));
    await renderPage(panel());
    const input = screen.getByTestId('stake-input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '25' } });
    // The player's own limits arrive mid-typing (a minimum of 20): the slip's stake of 10 rises to it.
    const atLeast20 = { ...GUEST_LIMITS.combine, minStake: 2000 };
    act(() => useBetslipStore.getState().setRules(slipRulesFor({ ...GUEST_LIMITS, combine: atLeast20, multiple: atLeast20, system: atLeast20 })));
    expect(useBetslipStore.getState().slip.stake).toBe(2000);
    expect(screen.getByTestId('summary-total-stake').textContent).toBe('20 ₺');
    expect(input.value).toBe('25');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(useBetslipStore.getState().slip.stake).toBe(2500);
    expect(input.value).toBe('25');
    // A stake that does not read as an amount is dropped; the field shows the slip's stake again.
    fireEvent.change(input, { target: { value: 'on' } });
    fireEvent.blur(input);
    expect(useBetslipStore.getState().slip.stake).toBe(2500);
    expect(input.value).toBe('25');
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
