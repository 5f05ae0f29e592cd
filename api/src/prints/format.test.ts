import { describe, expect, it } from 'vitest';
import { formatMoney, formatTime, startOfDay } from './format';

describe('slip formatting', () => {
  it('writes minor units as the language groups them, two decimals, the currency after', () => {
    expect(formatMoney(123_456_789, 'tr', 'TRY')).toBe('1.234.567,89 TRY');
    expect(formatMoney(123_456_789, 'en', 'EUR')).toBe('1,234,567.89 EUR');
    expect(formatMoney(123_456, 'tr', 'TRY')).toBe('1.234,56 TRY');
    expect(formatMoney(5, 'tr', 'TRY')).toBe('0,05 TRY');
    expect(formatMoney(-1_050, 'en', 'USD')).toBe('-10.50 USD');
    // Beyond what a double holds exactly in cents, still exact.
    expect(formatMoney(Number.MAX_SAFE_INTEGER, 'en', 'TRY')).toBe('90,071,992,547,409.91 TRY');
  });

  it('shows a stored UTC time day/month/year in the reader’s time zone', () => {
    expect(formatTime('2026-11-25T21:30:00.000Z', 'tr', 'Europe/Istanbul')).toBe('26.11.2026 00:30');
    expect(formatTime('2026-11-25T21:30:00.000Z', 'en', 'UTC')).toBe('25/11/2026 21:30');
    expect(formatTime('2026-07-01T12:00:00.000Z', 'en', 'America/New_York')).toBe('01/07/2026 08:00');
  });

  it('starts a shift at midnight of the day in the zone', () => {
    expect(startOfDay(new Date('2026-11-25T22:15:00.000Z'), 'Europe/Istanbul').toISOString()).toBe('2026-11-25T21:00:00.000Z');
    expect(startOfDay(new Date('2026-11-25T02:00:00.000Z'), 'America/New_York').toISOString()).toBe('2026-11-24T05:00:00.000Z');
    expect(startOfDay(new Date('2026-11-25T23:59:59.999Z'), 'UTC').toISOString()).toBe('2026-11-25T00:00:00.000Z');
  });
});
