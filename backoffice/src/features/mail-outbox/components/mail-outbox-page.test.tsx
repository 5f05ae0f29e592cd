import type { OutboxList, OutboxMessage } from '@kupon/api/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import MailOutboxPage from './mail-outbox-page';

/** The page with every translation of `language` loaded, a fresh query client and a router. */
const renderPage = (language: 'tr' | 'en' = 'tr', path = '/mail') => renderWithProviders(<MailOutboxPage />, { language, path });

const mail = (n: number, overrides: Partial<OutboxMessage> = {}): OutboxMessage => ({
  id: `m${n}`,
  to: `player${n}@kupon.example`,
  kind: 'passwordReset',
  subject: `Şifre yenileme ${n}`,
  text: `Şifre yenileme kodunuz: R${n}`,
  createdAt: new Date(Date.UTC(2026, 10, 22, 12, 0, 0) - n * 60_000).toISOString(),
  ...overrides,
});

/** The outbox route as the api answers it: filtered by `to` and `kind`, paged by `offset` / `limit`. */
function serveOutbox(all: OutboxMessage[]) {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://backoffice.example');
      asked.push(url);
      if (url.pathname !== '/api/v1/staff/mail-outbox') return new Response(JSON.stringify({ error: 'notFound' }), { status: 404 });
      const to = url.searchParams.get('to');
      const kind = url.searchParams.get('kind');
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const matching = all.filter((m) => (!to || m.to === to.toLowerCase()) && (!kind || m.kind === kind));
      const body: OutboxList = { total: matching.length, messages: matching.slice(offset, offset + limit) };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

const rows = () => screen.queryAllByTestId('mail-row');
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('mail outbox (issue 4: the dev mailer’s outbox in the back office)', () => {
  it('lists the newest mails first with time, recipient, kind and subject, and pages on the server', async () => {
    const asked = serveOutbox(Array.from({ length: 30 }, (_, i) => mail(i + 1)));
    await renderPage('tr');
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Zaman', 'Alıcı', 'Tür', 'Konu']);
    const first = cellsOf(rows()[0]!);
    expect(first.slice(1)).toEqual(['player1@kupon.example', 'Şifre yenileme', 'Şifre yenileme 1']);
    expect(first[0]).toMatch(/^22\/11\/2026 \d\d:59:00$/);
    expect(screen.getByTestId('pager-range').textContent).toBe('1–25 / 30');

    fireEvent.click(screen.getByRole('button', { name: 'Sonraki' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(cellsOf(rows()[0]!)[1]).toBe('player26@kupon.example');
    expect(asked.at(-1)!.searchParams.get('offset')).toBe('25');
    expect(asked.at(-1)!.searchParams.get('limit')).toBe('25');
  });

  it('filters by recipient and kind: the server is asked for just those, from the first page', async () => {
    const asked = serveOutbox([mail(1), mail(2, { to: 'ayse@kupon.example', kind: 'activation', subject: 'Hesabınızı etkinleştirin' }), mail(3, { to: 'ayse@kupon.example' })]);
    await renderPage('en', '/mail?offset=0');
    await waitFor(() => expect(rows()).toHaveLength(3));
    const form = screen.getByTestId('mail-search');
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: ' Ayse@kupon.example ' } });
    fireEvent.change(within(form).getByLabelText('Kind'), { target: { value: 'activation' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(cellsOf(rows()[0]!).slice(1)).toEqual(['ayse@kupon.example', 'Account activation', 'Hesabınızı etkinleştirin']);
    expect([asked.at(-1)!.searchParams.get('to'), asked.at(-1)!.searchParams.get('kind'), asked.at(-1)!.searchParams.get('offset')]).toEqual(['Ayse@kupon.example', 'activation', '0']);
  });

  it('names a recipient longer than an address may be, in Turkish, and asks nothing', async () => {
    const asked = serveOutbox([mail(1)]);
    await renderPage('tr');
    await waitFor(() => expect(rows()).toHaveLength(1));
    const before = asked.length;
    const form = screen.getByTestId('mail-search');
    fireEvent.change(within(form).getByLabelText('Alıcı'), { target: { value: `${'a'.repeat(250)}@kupon.example` } });
    fireEvent.click(within(form).getByRole('button', { name: 'Ara' }));
    const refusal = await screen.findByTestId('error-to');
    expect(refusal.textContent).not.toMatch(/^[a-zA-Z|]+$/);
    expect(asked.length).toBe(before);
  });

  it('opens a text mail as text', async () => {
    serveOutbox([mail(1, { text: 'Şifre yenileme kodunuz: R1\n/resetPassword/R1 adresini 30 dakika içinde açın.' })]);
    await renderPage('tr');
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(rows()[0]!);
    const detail = await screen.findByTestId('mail-detail');
    expect(within(detail).getByTestId('mail-to').textContent).toBe('player1@kupon.example');
    expect(within(detail).getByTestId('mail-text').textContent).toBe('Şifre yenileme kodunuz: R1\n/resetPassword/R1 adresini 30 dakika içinde açın.');
    expect(within(detail).queryByTestId('mail-html')).toBeNull();
    fireEvent.click(within(detail).getByRole('button', { name: 'Kapat' }));
    expect(screen.queryByTestId('mail-detail')).toBeNull();
  });

  it('draws an HTML mail only inside a sandboxed frame: its markup and script never reach the back office page', async () => {
    const html = '<p>Kodunuz: <b id="injected">R9</b></p><img src="https://tracker.example/p.gif" onerror="window.__owned = true"><script>window.__owned = true</script>';
    serveOutbox([mail(9, { text: html })]);
    await renderPage('tr');
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(rows()[0]!);
    const detail = await screen.findByTestId('mail-detail');
    const frame = within(detail).getByTestId('mail-html') as HTMLIFrameElement;
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')).toBe('');
    const document = frame.getAttribute('srcdoc')!;
    expect(document).toContain(html);
    expect(document).toMatch(/Content-Security-Policy" content="default-src 'none'; img-src data:/);
    expect(within(detail).getByTestId('mail-source').textContent).toBe(html);
    expect(window.document.getElementById('injected')).toBeNull();
    expect(window.document.querySelector('script')).toBeNull();
    expect((window as { __owned?: boolean }).__owned).toBeUndefined();
  });

  it('shows the api’s refusal in the reader’s language', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ error: 'permissionDenied' }), { status: 403 })));
    await renderPage('en');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toBe('permissionDenied');
    expect(alert.textContent!.length).toBeGreaterThan(0);
  });
});
