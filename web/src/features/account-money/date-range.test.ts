import { describe, expect, it } from 'vitest';
import { dayRange, defaultRangeText, parseDay } from './date-range';

describe('transactions day range', () => {
  it('defaults to the last 7 days, today included', () => {
    expect(defaultRangeText(new Date(2026, 10, 25, 15, 30))).toEqual({ from: '19.11.2026', to: '25.11.2026' });
    expect(defaultRangeText(new Date(2026, 2, 3))).toEqual({ from: '25.02.2026', to: '03.03.2026' });
  });

  it('reads day/month/year and refuses what is no calendar day', () => {
    expect(parseDay('05.11.2026')?.getTime()).toBe(new Date(2026, 10, 5).getTime());
    expect(parseDay('5/11/2026')?.getTime()).toBe(new Date(2026, 10, 5).getTime());
    expect(parseDay('31.02.2026')).toBeNull();
    expect(parseDay('2026-11-05')).toBeNull();
    expect(parseDay('dün')).toBeNull();
  });

  it('sends local midnights as UTC, the last day included (the api end is exclusive)', () => {
    const checked = dayRange('01.11.2026', '02.11.2026');
    expect(checked).toEqual({ ok: true, range: { from: new Date(2026, 10, 1).toISOString(), to: new Date(2026, 10, 3).toISOString() } });
  });

  it('says which field is wrong', () => {
    expect(dayRange('x', '02.11.2026')).toEqual({ ok: false, problems: [{ field: 'from', key: 'dateRequired' }] });
    expect(dayRange('03.11.2026', '02.11.2026')).toEqual({ ok: false, problems: [{ field: 'to', key: 'fromAfterTo' }] });
  });
});
