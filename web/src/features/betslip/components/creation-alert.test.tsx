import type { SlipSelection } from '@kupon/domain';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render';
import { CREATION_SUCCESS_MS, CreationAlert, type CreationAlertProps } from './creation-alert';

const pick = (matchId: string): SlipSelection => ({ id: `${matchId}:1x2::1`, matchId, marketId: '1x2', special: '', outcomeId: '1', odds: 1850, banker: false, isLive: false, limits: null });
const details = { 'm1:1x2::1': { sportId: 1, home: 'Galatasaray', away: 'Fenerbahçe', matchDate: '2026-11-22T18:00:00Z', marketName: 'Maç Sonucu', outcomeName: '1' } };

const alert = (props: Partial<CreationAlertProps>) => <CreationAlert state="pending" error={null} selections={[pick('m1'), pick('m2')]} details={details} onClose={() => undefined} {...props} />;

afterEach(() => vi.useRealTimers());
// No api: the site's settings are the product defaults (no settings route).
beforeEach(() => vi.stubGlobal('fetch', vi.fn(async () => Response.json({ error: 'notFound' }, { status: 404 }))));

describe('the coupon creation alert (spec §2, §4)', () => {
  it('while the coupon is created it lists every selection as waiting and cannot be closed', async () => {
    await renderPage(alert({ state: 'pending' }));
    expect(screen.getByText('Galatasaray - Fenerbahçe · 1')).toBeTruthy();
    expect(screen.getAllByText('Bekleniyor…')).toHaveLength(2);
    expect(screen.queryByTestId('creation-close')).toBeNull();
  });

  it('an accepted coupon shows its selections accepted, offers no close button and closes by itself', async () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    await act(async () => {
      await renderPage(alert({ state: 'success', onClose }));
    });
    expect(screen.getAllByText('Onaylandı')).toHaveLength(2);
    expect(screen.queryByTestId('creation-close')).toBeNull();
    act(() => vi.advanceTimersByTime(CREATION_SUCCESS_MS - 1));
    expect(onClose).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('a refusal names the selection it concerns, in the page language, and only then can the player close it', async () => {
    const onClose = vi.fn();
    await renderPage(alert({ state: 'error', error: { key: 'thereAreLockedMatches', params: ['m2'] }, onClose }), { language: 'en' });
    const rows = screen.getAllByRole('listitem');
    expect(rows.map((row) => row.textContent?.includes('Refused'))).toEqual([false, true]);
    expect(screen.getByRole('alert').textContent).toBe('There are locked matches on the coupon.');
    fireEvent.click(screen.getByTestId('creation-close'));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
