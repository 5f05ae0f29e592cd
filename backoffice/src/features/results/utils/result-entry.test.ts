import { MatchResultRequest } from '@contract/match-results';
import { describe, expect, it } from 'vitest';
import { validate } from '@/lib/form';
import { formValues, resultFromForm } from './result-entry';

const reader = (values: Record<string, string>) => (name: string) => values[name] ?? '';

describe('the results form speaks the api schema', () => {
  it('a football result by half, with corners and cards per half, passes the api schema as entered', () => {
    const values = {
      status: 'completed',
      'periods.0.home': '1',
      'periods.0.away': '0',
      'periods.1.home': '1',
      'periods.1.away': '2',
      'corners.0.home': '3',
      'corners.0.away': '2',
      'cards.0.yellow.home': '2',
      'cards.1.red.away': '1',
    };
    const result = resultFromForm(1, 2, reader(values));
    expect(result).toEqual({
      sportId: 1,
      status: 'completed',
      periods: [
        { home: 1, away: 0 },
        { home: 1, away: 2 },
      ],
      corners: [{ home: 3, away: 2 }],
      cards: [
        { yellow: { home: 2, away: 0 }, red: { home: 0, away: 0 } },
        { yellow: { home: 0, away: 0 }, red: { home: 0, away: 1 } },
      ],
    });
    expect(validate(MatchResultRequest, { requestId: 'request-0001', result }).ok).toBe(true);
    // And back: a correction starts from what was recorded.
    expect(resultFromForm(1, 2, reader(formValues({ result, scoreboard: null })))).toEqual(result);
  });

  it('a half left empty before a played one, or a score that is no count, is refused for that field', () => {
    const gap = resultFromForm(1, 2, reader({ status: 'completed', 'periods.1.home': '1', 'periods.1.away': '0' }));
    expect(validate(MatchResultRequest, { requestId: 'request-0001', result: gap })).toMatchObject({ ok: false, errors: { 'result.periods.0.home': { key: 'invalidScore' } } });
    const typo = resultFromForm(1, 2, reader({ status: 'completed', 'periods.0.home': '1', 'periods.0.away': 'x', 'periods.1.home': '0', 'periods.1.away': '0' }));
    expect(validate(MatchResultRequest, { requestId: 'request-0001', result: typo })).toMatchObject({ ok: false, errors: { 'result.periods.0.away': { key: 'invalidScore' } } });
    const oneHalf = resultFromForm(1, 2, reader({ status: 'completed', 'periods.0.home': '1', 'periods.0.away': '0' }));
    expect(validate(MatchResultRequest, { requestId: 'request-0001', result: oneHalf })).toMatchObject({ ok: false, errors: { 'result.periods': { key: 'periodsMissing', params: ['periods'] } } });
  });

  it('tennis: sets with a tie-break, and a retirement after the first set', () => {
    const result = resultFromForm(5, 5, reader({ status: 'completed', ending: 'retiredAway', completedPeriods: '1', 'periods.0.home': '7', 'periods.0.away': '6', 'periods.0.tieBreak.home': '7', 'periods.0.tieBreak.away': '4', 'periods.1.home': '2', 'periods.1.away': '1' }));
    expect(result).toEqual({ sportId: 5, status: 'completed', periods: [{ home: 7, away: 6, tieBreak: { home: 7, away: 4 } }, { home: 2, away: 1 }], completedPeriods: 1, retired: 'away' });
    expect(validate(MatchResultRequest, { requestId: 'request-0001', result }).ok).toBe(true);
    const cornersInTennis = { ...result, corners: [{ home: 1, away: 1 }] };
    expect(validate(MatchResultRequest, { requestId: 'request-0001', result: cornersInTennis })).toMatchObject({ ok: false, errors: { 'result.corners': { key: 'notInThisSport' } } });
  });
});
