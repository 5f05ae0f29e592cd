import type { PublicPopup } from '@kupon/api/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render';
import { PopupAlerts } from './popup-alerts';

/** The api as the alerts call it: `popups` for the language, everything else has no route. */
function servePopups(popups: PublicPopup[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://kupon.example');
      return url.pathname === '/api/v1/content/popups' ? Response.json({ popups }) : Response.json({ error: 'notFound' }, { status: 404 });
    }),
  );
}

const alert = (id: string, title: string, autoClose = 0): PublicPopup => ({ id, title, content: `${title} metni`, type: 2, type2: 1, autoClose });

const shownTitle = () => screen.queryByTestId('popup-alert')?.querySelector('h2')?.textContent ?? null;
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/**
 * Renders the alerts under the test's clock and lets the api's answer arrive without moving that
 * clock (only the zero-delay timers run), until the first alert shows.
 */
async function showAlerts(popups: PublicPopup[], language: 'tr' | 'en' = 'tr') {
  vi.useFakeTimers();
  servePopups(popups);
  await renderPage(<PopupAlerts onHome={false} />, { language, path: `/${language}/sports` });
  for (let round = 0; round < 50 && shownTitle() === null; round++) await act(() => vi.advanceTimersByTimeAsync(0));
  expect(shownTitle()).toBe(popups[0]!.title);
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('push alerts rotate every 10 s (§4, §9)', () => {
  it('moves to the next alert every 10 seconds and from the last back to the first, saying which of how many is shown', async () => {
    await showAlerts([alert('a', 'Hafta sonu kampanyası'), alert('b', 'Yeni canlı casino'), alert('c', 'Bakım duyurusu')]);
    expect(screen.getByTestId('popup-alert-position').textContent).toBe('1 / 3');
    wait(9_999);
    expect(shownTitle()).toBe('Hafta sonu kampanyası');
    wait(1);
    expect(shownTitle()).toBe('Yeni canlı casino');
    expect(screen.getByTestId('popup-alert-position').textContent).toBe('2 / 3');
    wait(10_000);
    expect(shownTitle()).toBe('Bakım duyurusu');
    wait(10_000);
    expect(shownTitle()).toBe('Hafta sonu kampanyası');
  });

  it('closing the alert shown brings the next one and the rest keep rotating; the last one left stays until closed', async () => {
    await showAlerts([alert('a', 'Hafta sonu kampanyası'), alert('b', 'Yeni canlı casino'), alert('c', 'Bakım duyurusu')]);
    wait(10_000);
    fireEvent.click(screen.getByRole('button', { name: 'Kapat' }));
    expect(shownTitle()).toBe('Bakım duyurusu');
    expect(screen.getByTestId('popup-alert-position').textContent).toBe('2 / 2');
    wait(10_000);
    expect(shownTitle()).toBe('Hafta sonu kampanyası');
    fireEvent.click(screen.getByRole('button', { name: 'Kapat' }));
    expect(shownTitle()).toBe('Bakım duyurusu');
    expect(screen.queryByTestId('popup-alert-position')).toBeNull();
    wait(60_000);
    expect(shownTitle()).toBe('Bakım duyurusu');
  });

  it('alerts with autoClose rotate until each has been on screen its seconds, so the box closes itself after the last', async () => {
    await showAlerts([alert('a', 'Hafta sonu kampanyası', 20), alert('b', 'Yeni canlı casino', 20)]);
    wait(10_000);
    expect(shownTitle()).toBe('Yeni canlı casino');
    wait(10_000);
    expect(shownTitle()).toBe('Hafta sonu kampanyası');
    wait(10_000);
    // The first has had its 20 seconds: it closes, the second is the only one left.
    expect(shownTitle()).toBe('Yeni canlı casino');
    wait(9_999);
    expect(shownTitle()).toBe('Yeni canlı casino');
    wait(1);
    expect(screen.queryByTestId('popup-alert')).toBeNull();
  });

  it('the player can skip to the next alert (English)', async () => {
    await showAlerts([alert('a', 'Weekend offer'), alert('b', 'New live casino')], 'en');
    fireEvent.click(screen.getByTestId('popup-alert-next'));
    expect(screen.getByTestId('popup-alert-next').textContent).toBe('Next alert');
    expect(shownTitle()).toBe('New live casino');
    expect(screen.getByTestId('popup-alert-position').textContent).toBe('2 / 2');
  });
});
