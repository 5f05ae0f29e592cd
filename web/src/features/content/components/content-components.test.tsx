import type { MyNotifications, PublicBonus, PublicPopup } from '@kupon/api/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render';
import { BonusList } from './bonus-list';
import { NotificationBell } from './notification-bell';
import { PopupAlerts } from './popup-alerts';

type Handler = (url: URL, init: RequestInit | undefined) => { status?: number; body: unknown } | undefined;

/** The api as the components call it: `handler` answers, everything else is a 404 without a route. */
function serve(handler: Handler) {
  const calls: { url: URL; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://kupon.example');
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const answer = handler(url, init) ?? { status: 404, body: { error: 'notFound' } };
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('notification bell (§2 header)', () => {
  it('shows the unread count; opening it lists the titles, marks the shown unread ones read and the count drops', async () => {
    let inbox: MyNotifications = {
      unread: 2,
      notifications: [
        { id: 'n2', title: 'Bakım duyurusu', body: '', sentAt: '2026-11-23T10:00:00Z', read: false },
        { id: 'n1', title: 'Hoş geldiniz', body: '', sentAt: '2026-11-22T10:00:00Z', read: false },
      ],
    };
    const calls = serve((url, init) => {
      if (url.pathname === '/api/v1/content/notifications') return { body: inbox };
      if (url.pathname === '/api/v1/content/notifications/read' && init?.method === 'POST') {
        inbox = { unread: 0, notifications: inbox.notifications.map((n) => ({ ...n, read: true })) };
        return { body: { unread: 0 } };
      }
      return undefined;
    });
    await renderPage(<NotificationBell />);
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('2'));
    fireEvent.click(screen.getByTestId('notification-bell'));
    expect(screen.getAllByTestId('notification-item').map((li) => li.querySelector('strong')!.textContent)).toEqual(['Bakım duyurusu', 'Hoş geldiniz']);
    await waitFor(() => expect(screen.getByTestId('notification-count').textContent).toBe('0'));
    expect(calls.find((c) => c.url.pathname.endsWith('/read'))!.body).toEqual({ notificationIds: ['n2', 'n1'] });
    expect(screen.getByTestId('all-notifications').getAttribute('href')).toBe('/tr/notifications');
  });

  it('with nothing unread, opening sends nothing', async () => {
    const calls = serve((url) => (url.pathname === '/api/v1/content/notifications' ? { body: { unread: 0, notifications: [] } } : undefined));
    await renderPage(<NotificationBell />, { language: 'en' });
    await waitFor(() => expect(calls.length).toBe(1));
    fireEvent.click(screen.getByTestId('notification-bell'));
    expect(screen.getByTestId('notification-menu').textContent).toContain('You have no notifications yet.');
    expect(calls.filter((c) => c.url.pathname.endsWith('/read'))).toHaveLength(0);
  });
});

describe('popup alerts (§3)', () => {
  const popups: PublicPopup[] = [
    { id: 'kampanya', title: 'Hafta sonu kampanyası', content: 'Tüm maçlarda %10 bonus', type: 2, type2: 0, autoClose: 0 },
    { id: 'duyuru', title: 'Duyuru', content: 'Canlı bahis yenilendi', type: 0, type2: 1, autoClose: 3 },
  ];
  const servePopups = () => serve((url) => (url.pathname === '/api/v1/content/popups' ? { body: { popups } } : undefined));

  it('on Home the Home-only one shows first; closing it shows the next, which closes itself after its seconds; both stay closed for the session', async () => {
    servePopups();
    const first = await renderPage(<PopupAlerts onHome />);
    await waitFor(() => expect(screen.getByTestId('popup-alert').textContent).toContain('Hafta sonu kampanyası'));
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Kapat' }));
    expect(screen.getByTestId('popup-alert').textContent).toContain('Canlı bahis yenilendi');
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.queryByTestId('popup-alert')).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByTestId('popup-alert')).toBeNull();
    vi.useRealTimers();
    first.unmount();

    // The same session, the page opened again: neither comes back.
    const calls = servePopups();
    await renderPage(<PopupAlerts onHome />);
    await waitFor(() => expect(calls.length).toBe(1));
    await act(() => Promise.resolve());
    expect(screen.queryByTestId('popup-alert')).toBeNull();
  });

  it('away from Home only the popup for every page shows', async () => {
    servePopups();
    await renderPage(<PopupAlerts onHome={false} />, { path: '/tr/sports' });
    await waitFor(() => expect(screen.getByTestId('popup-alert').textContent).toContain('Duyuru'));
  });
});

describe('bonus list (§2 promotions, bonus request)', () => {
  const bonus = (status: PublicBonus['status'], requestedExists: boolean): PublicBonus => ({
    id: 'hosgeldin',
    title: 'Hoş geldin bonusu',
    description: 'İlk yatırıma',
    category: 'sport',
    percent: 0,
    amount: 2500,
    maxAmount: null,
    multiplier: 5,
    oneUse: true,
    until: null,
    status,
    requestedExists,
  });

  const player = { userId: 'u1', userName: 'ayse', firstName: '', lastName: '', currency: 'TRY', lang: 'tr', status: 'active', products: {}, onlineUser: 1, limits: {} };

  it('a player asks for a bonus; it then shows as waiting, the button says sent and is off', async () => {
    let current = bonus(null, false);
    const calls = serve((url, init) => {
      if (url.pathname === '/api/v1/me') return { body: player };
      if (url.pathname === '/api/v1/content/bonuses') return { body: { bonuses: [current], count: 1 } };
      if (url.pathname === '/api/v1/content/bonuses/hosgeldin/request' && init?.method === 'POST') {
        current = bonus(0, true);
        return { body: current };
      }
      return undefined;
    });
    await renderPage(<BonusList />);
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('request-bonus').disabled).toBe(false));
    expect(screen.getByTestId('bonus').dataset.state).toBe('available');
    expect(screen.getByTestId('request-bonus').textContent).toBe('Talep Et');
    fireEvent.click(screen.getByTestId('request-bonus'));
    await waitFor(() => expect(screen.getByTestId('bonus').dataset.state).toBe('waiting'));
    expect(calls.filter((c) => c.url.pathname.endsWith('/request'))).toHaveLength(1);
    expect(screen.getByTestId('bonus-state').textContent).toBe('Onay bekliyor');
    expect(screen.getByTestId<HTMLButtonElement>('request-bonus').disabled).toBe(true);
    expect(screen.getByTestId('request-bonus').textContent).toBe('Talep Gönderildi');
  });

  it('a canceled request can be asked again; the server’s refusal shows translated', async () => {
    serve((url, init) => {
      if (url.pathname === '/api/v1/me') return { body: player };
      if (url.pathname === '/api/v1/content/bonuses') return { body: { bonuses: [{ ...bonus(2, true), oneUse: false }], count: 1 } };
      if (url.pathname === '/api/v1/content/bonuses/hosgeldin/request' && init?.method === 'POST') return { status: 409, body: { error: 'bonusAlreadyRequested' } };
      return undefined;
    });
    await renderPage(<BonusList />, { language: 'en' });
    await waitFor(() => expect(screen.getByTestId<HTMLButtonElement>('request-bonus').disabled).toBe(false));
    expect(screen.getByTestId('bonus-state').textContent).toBe('Canceled');
    fireEvent.click(screen.getByTestId('request-bonus'));
    expect((await screen.findByTestId('bonus-error')).textContent).toBe('You already have a request for this bonus waiting.');
  });
});
