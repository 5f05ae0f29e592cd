import { couponSummary, DEFAULT_USER_LIMITS, type SlipSelection } from '@kupon/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { GUEST_LIMITS, slipRulesFor } from './betslip-rules';
import { type SelectionDetail, useBetslipStore } from './betslip-store';

function pick(matchId: string, odds: number, outcomeId = '1'): SlipSelection {
  return { id: `${matchId}:1x2::${outcomeId}`, matchId, marketId: '1x2', special: '', outcomeId, odds, banker: false, isLive: false, limits: null };
}
const detail: SelectionDetail = { sportId: 1, home: 'Home', away: 'Away', matchDate: '2026-11-22T18:00:00Z', marketName: 'Maç Sonucu', outcomeName: '1' };
const store = () => useBetslipStore.getState();

const WANTED = 100;

beforeEach(() => {
  useBetslipStore.setState({ slip: { selections: [], systemSizes: [], stake: 100, oddChangeOk: false }, details: {}, rules: slipRulesFor(null), wantedStake: WANTED, notice: null });
});

describe('the betslip store runs the domain rules (spec §5)', () => {
  it('a second click on an odd removes the pick; picks of two matches make a combined coupon', () => {
    store().toggle(pick('m1', 1850), detail);
    store().toggle(pick('m2', 2100), detail);
    expect(store().slip.selections.map((s) => s.matchId)).toEqual(['m1', 'm2']);
    store().toggle(pick('m1', 1850), detail);
    expect(store().slip.selections.map((s) => s.matchId)).toEqual(['m2']);
    expect(Object.keys(store().details)).toEqual([pick('m2', 0).id]);
  });

  it('the 21st pick is refused with maxOddsCoupon|20 and the slip keeps 20', () => {
    for (let i = 1; i <= 20; i++) expect(store().toggle(pick(`m${i}`, 1200), detail)).toBeNull();
    const refused = store().toggle(pick('m21', 1200), detail);
    expect(refused?.code).toBe('maxOddsCoupon');
    expect(store().notice).toMatchObject({ key: 'maxOddsCoupon', params: ['20'] });
    expect(store().slip.selections).toHaveLength(20);
  });

  it('a second outcome of a match is refused when the player has multiples disabled (status 0)', () => {
    store().setRules(slipRulesFor(DEFAULT_USER_LIMITS));
    store().toggle(pick('m1', 1500, '1'), detail);
    expect(store().toggle(pick('m1', 3200, 'X'), detail)?.code).toBe('multipleBetDisabled');
    store().setRules(slipRulesFor(GUEST_LIMITS));
    expect(store().toggle(pick('m1', 3200, 'X'), detail)).toBeNull();
  });

  it('an odd outside the user limits is refused as min limit; a live change out of range removes the pick', () => {
    store().setRules(slipRulesFor({ ...GUEST_LIMITS, minOdds: 1200 }));
    expect(store().toggle(pick('m1', 1150), detail)?.code).toBe('minLimit');
    store().toggle(pick('m2', 1300), detail);
    store().updateOdds(pick('m2', 0).id, 1100);
    expect(store().slip.selections).toHaveLength(0);
    expect(store().notice).toMatchObject({ key: 'minLimit', params: ['1.20'] });
  });

  it('a banker on three picks makes a system coupon; sizes that stop fitting are dropped', () => {
    for (const m of ['m1', 'm2', 'm3']) store().toggle(pick(m, 2000), detail);
    expect(store().toggleBanker(pick('m1', 0).id)).toBeNull();
    expect(store().slip.systemSizes).toEqual([3]);
    expect(store().chooseSystemSizes([2])).toBeNull();
    expect(store().slip.systemSizes).toEqual([2]);
    expect(store().chooseSystemSizes([1])?.code).toBe('systemCountDivitedError');
    expect(store().notice?.key).toBe('systemCountDivitedError');
    store().remove(pick('m3', 0).id);
    expect(store().slip.systemSizes).toEqual([2]);
  });

  it('the stake is kept as asked, never clamped: outside the slip limits (guest: 1.00 to 250.00) it is refused', () => {
    store().toggle(pick('m1', 1500), detail);
    store().setStake(50);
    expect(store().slip.stake).toBe(50);
    expect(couponSummary(store().slip, store().rules)).toMatchObject({ creatable: false, problem: { code: 'minStake', params: ['100'] } });
    store().setStake(1_000_000);
    expect(store().slip.stake).toBe(1_000_000);
    expect(couponSummary(store().slip, store().rules)).toMatchObject({ creatable: false, problem: { code: 'maxStake', params: ['25000'] } });
  });

  it('the stake the player asked for survives changes of the tickets (no drift from uneven splits)', () => {
    for (const m of ['m1', 'm2', 'm3']) store().toggle(pick(m, 2000), detail);
    store().setStake(1000);
    store().chooseSystemSizes([2]);
    expect(store().slip.stake).toBe(999); // three tickets of 3,33
    store().chooseSystemSizes([3]);
    expect(store().slip.stake).toBe(1000);
  });

  it('an ended match leaves the slip', () => {
    store().toggle(pick('m1', 1500), detail);
    store().toggle(pick('m2', 1500), detail);
    store().removeMatch('m1');
    expect(store().slip.selections.map((s) => s.matchId)).toEqual(['m2']);
  });

  it('is kept in storage and restored at start (spec §4)', async () => {
    store().toggle(pick('m1', 1850), detail);
    const stored = localStorage.getItem('kupon.betslip') ?? '{}';
    const saved = JSON.parse(stored) as { state: { slip: { selections: SlipSelection[] } } };
    expect(saved.state.slip.selections.map((s) => s.odds)).toEqual([1850]);
    // A new page: memory is empty, storage holds what the last page left.
    useBetslipStore.setState({ slip: { selections: [], systemSizes: [], stake: 100, oddChangeOk: false }, details: {} });
    localStorage.setItem('kupon.betslip', stored);
    await useBetslipStore.persist.rehydrate();
    expect(store().slip.selections.map((s) => s.matchId)).toEqual(['m1']);
    expect(store().details[pick('m1', 0).id]?.home).toBe('Home');
  });
});
