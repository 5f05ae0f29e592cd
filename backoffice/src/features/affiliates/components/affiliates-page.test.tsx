import type { AffiliateList, AffiliateListRow, StaffAffiliateDetail, StaffReferredUser } from '@kupon/api/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import AffiliateDetailPage from './affiliate-detail-page';
import AffiliatesPage from './affiliates-page';

/** The two pages behind a router, signed in as `role`, with every translation of `language` loaded. */
const renderPages = (role: 'admin' | 'operator' | 'regulator', language: 'tr' | 'en' = 'tr', path = '/affiliates') =>
  renderWithProviders(
    <Routes>
      <Route path="/affiliates" element={<AffiliatesPage />} />
      <Route path="/affiliates/:userId" element={<AffiliateDetailPage />} />
    </Routes>,
    { language, path, me: { userId: 'staff-1', userName: `k${role}`, role, permissions: [] } },
  );

const affiliate = (n: number, overrides: Partial<AffiliateListRow> = {}): AffiliateListRow => ({
  userId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  userName: `aff${n}`,
  referralCode: `CODE${String(n).padStart(4, '0')}`,
  status: 'active',
  registeredAt: new Date(Date.UTC(2026, 10, 20, 12, 0, 0) - n * 60_000).toISOString(),
  referredCount: n,
  stakes: n * 100_000 + 50,
  ggr: n * 10_000,
  ...overrides,
});
const player = (n: number): StaffReferredUser => ({ userId: `p${n}`, userName: `ref${n}`, status: n === 1 ? 'pending' : 'active', registeredAt: new Date(Date.UTC(2026, 10, 21, 9, 0, 0) - n * 60_000).toISOString(), stakes: n * 1_000, ggr: n * 300 });

/** The staff affiliate routes as the api answers them: paged, the default range the last 30 days, pause and resume. */
function serveAffiliates(all: AffiliateListRow[], players: StaffReferredUser[] = [], refuse?: { status: number; error: string }) {
  const asked: { method: string; url: URL; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://backoffice.example');
      const method = init?.method ?? 'GET';
      asked.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      const offset = Number(url.searchParams.get('offset') ?? 0);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const from = url.searchParams.get('from') ?? '2026-10-23';
      const to = url.searchParams.get('to') ?? '2026-11-21';
      if (from > to) return json({ error: 'invalidField|from' }, 400);
      if (method === 'GET' && url.pathname === '/api/v1/affiliate/accounts') {
        const body: AffiliateList = { from, to, total: all.length, affiliates: all.slice(offset, offset + limit) };
        return json(body);
      }
      const detail = /^\/api\/v1\/affiliate\/accounts\/([^/]+)\/users$/.exec(url.pathname);
      const one = detail ? all.find((a) => a.userId === decodeURIComponent(detail[1]!)) : undefined;
      if (method === 'GET' && one) {
        const body: StaffAffiliateDetail = { from, to, affiliate: one, total: players.length, users: players.slice(offset, offset + limit) };
        return json(body);
      }
      const status = /^\/api\/v1\/affiliate\/accounts\/([^/]+)\/status$/.exec(url.pathname);
      if (method === 'PUT' && status) {
        if (refuse) return json({ error: refuse.error }, refuse.status);
        const target = all.find((a) => a.userId === status[1]);
        if (!target) return json({ error: 'affiliateNotFound' }, 404);
        const next = (asked.at(-1)!.body as { status: 'active' | 'passive' }).status;
        all.splice(all.indexOf(target), 1, { ...target, status: next });
        return json({ userId: target.userId, status: next });
      }
      return json({ error: 'affiliateNotFound' }, 404);
    }),
  );
  return asked;
}

afterEach(() => vi.unstubAllGlobals());

const rows = () => screen.queryAllByTestId('affiliate-row');
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const gets = (asked: { method: string; url: URL }[]) => asked.filter((a) => a.method === 'GET' && a.url.pathname === '/api/v1/affiliate/accounts');

describe('affiliates in the back office (api/AFFILIATE.md)', () => {
  it('lists the site’s affiliates with code, status, joined, referred players, stakes and GGR, paged by the server', async () => {
    const asked = serveAffiliates(Array.from({ length: 30 }, (_, i) => affiliate(i + 1)));
    await renderPages('operator');
    await waitFor(() => expect(rows()).toHaveLength(25));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Kullanıcı adı', 'Kod', 'Durum', 'Katılma zamanı', 'Getirdiği oyuncu', 'Bahisler', 'GGR', 'İşlem']);
    const first = cellsOf(rows()[0]!);
    expect([first[0], first[1], first[2], first[4], first[5], first[6], first[7]]).toEqual(['aff1', 'CODE0001', 'Aktif', '1', '1.000,50', '100', 'Durdur']);
    expect(first[3]).toMatch(/^20\/11\/2026 \d\d:59$/);
    expect(screen.getByTestId('affiliate-range-shown').textContent).toContain('23/10/2026 – 21/11/2026');
    expect(screen.getByTestId('pager-range').textContent).toBe('1–25 / 30');

    fireEvent.click(screen.getByRole('button', { name: 'Sonraki' }));
    await waitFor(() => expect(rows()).toHaveLength(5));
    expect(cellsOf(rows()[0]!)[0]).toBe('aff26');
    expect([gets(asked).at(-1)!.url.searchParams.get('offset'), gets(asked).at(-1)!.url.searchParams.get('limit')]).toEqual(['25', '25']);
  });

  it('asks for the stakes and GGR of the chosen days from the first page, and shows the api’s refusal of a reversed range translated', async () => {
    const asked = serveAffiliates(Array.from({ length: 30 }, (_, i) => affiliate(i + 1)));
    await renderPages('admin', 'en', '/affiliates?offset=25');
    await waitFor(() => expect(rows()).toHaveLength(5));
    const form = screen.getByTestId('affiliate-range');
    fireEvent.change(within(form).getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(within(form).getByLabelText('To'), { target: { value: '2026-11-15' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(screen.getByTestId('affiliate-range-shown').textContent).toContain('01/11/2026 – 15/11/2026'));
    expect(['from', 'to', 'offset'].map((name) => gets(asked).at(-1)!.url.searchParams.get(name))).toEqual(['2026-11-01', '2026-11-15', '0']);
    expect(rows()).toHaveLength(25);

    fireEvent.change(within(screen.getByTestId('affiliate-range')).getByLabelText('From'), { target: { value: '2026-12-01' } });
    fireEvent.click(within(screen.getByTestId('affiliate-range')).getByRole('button', { name: 'Show' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).not.toMatch(/invalidField/);
    expect(alert.textContent!.length).toBeGreaterThan(0);
  });

  it('pauses an affiliate only after confirmation and shows it paused; resuming puts it back', async () => {
    const asked = serveAffiliates([affiliate(1), affiliate(2, { status: 'passive' })]);
    await renderPages('operator', 'en');
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(within(rows()[0]!).getByRole('button', { name: 'Pause' }));
    const dialog = await screen.findByTestId('affiliate-status-dialog');
    expect(dialog.textContent).toContain('Pause aff1 (CODE0001)?');
    expect(asked.some((a) => a.method === 'PUT')).toBe(false);
    // Cancelling sends nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByTestId('affiliate-status-dialog')).toBeNull();
    expect(asked.some((a) => a.method === 'PUT')).toBe(false);

    fireEvent.click(within(rows()[0]!).getByRole('button', { name: 'Pause' }));
    fireEvent.click(within(await screen.findByTestId('affiliate-status-dialog')).getByRole('button', { name: 'Pause' }));
    await waitFor(() => expect(cellsOf(rows()[0]!)[2]).toBe('Paused'));
    expect(screen.queryByTestId('affiliate-status-dialog')).toBeNull();
    const put = asked.find((a) => a.method === 'PUT')!;
    expect([put.url.pathname, put.body]).toEqual([`/api/v1/affiliate/accounts/${affiliate(1).userId}/status`, { status: 'passive' }]);

    fireEvent.click(within(rows()[1]!).getByRole('button', { name: 'Resume' }));
    fireEvent.click(within(await screen.findByTestId('affiliate-status-dialog')).getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(cellsOf(rows()[1]!)[2]).toBe('Active'));
  });

  it('shows a refused pause in the reader’s language and keeps the dialog open', async () => {
    serveAffiliates([affiliate(1)], [], { status: 404, error: 'affiliateNotFound' });
    await renderPages('admin', 'tr');
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(within(rows()[0]!).getByRole('button', { name: 'Durdur' }));
    const dialog = await screen.findByTestId('affiliate-status-dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Durdur' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Bu sitede böyle bir affiliate yok.');
    expect(cellsOf(rows()[0]!)[2]).toBe('Aktif');
  });

  it('the regulator reads the list with no pause or resume', async () => {
    serveAffiliates([affiliate(1), affiliate(2, { status: 'passive' })]);
    await renderPages('regulator', 'en');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).not.toContain('Action');
    expect(screen.queryAllByRole('button', { name: /Pause|Resume/ })).toEqual([]);
  });

  it('a row opens the affiliate: its figures and its referred players, paged by the server, with the days carried over', async () => {
    const asked = serveAffiliates([affiliate(1), affiliate(3)], Array.from({ length: 27 }, (_, i) => player(i + 1)));
    await renderPages('operator', 'en', '/affiliates?from=2026-11-01&to=2026-11-20');
    await waitFor(() => expect(rows()).toHaveLength(2));
    fireEvent.click(rows()[1]!);
    const summary = await screen.findByTestId('affiliate-summary');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Affiliate: aff3');
    expect(['affiliate-code', 'affiliate-status', 'affiliate-referred', 'affiliate-stakes', 'affiliate-ggr'].map((id) => within(summary).getByTestId(id).textContent)).toEqual(['CODE0003', 'Active', '3', '3.000,50', '300']);
    await waitFor(() => expect(screen.getAllByTestId('referred-row')).toHaveLength(25));
    const first = within(screen.getAllByTestId('referred-row')[0]!).getAllByRole('cell').map((c) => c.textContent);
    expect([first[0], first[1], first[3], first[4]]).toEqual(['ref1', 'Pending', '10', '3']);
    const detailAsk = asked.at(-1)!;
    expect([detailAsk.url.pathname, detailAsk.url.searchParams.get('from'), detailAsk.url.searchParams.get('to')]).toEqual([`/api/v1/affiliate/accounts/${affiliate(3).userId}/users`, '2026-11-01', '2026-11-20']);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByTestId('referred-row')).toHaveLength(2));
    expect(asked.at(-1)!.url.searchParams.get('offset')).toBe('25');
    expect(within(summary).getByRole('button', { name: 'Pause' })).toBeTruthy();
  });

  it('the detail of an affiliate the site does not have says so, translated; the regulator gets no pause there', async () => {
    serveAffiliates([affiliate(1)], [player(1)]);
    await renderPages('regulator', 'tr', '/affiliates/00000000-0000-4000-8000-000000000099');
    expect((await screen.findByRole('alert')).textContent).toBe('Bu sitede böyle bir affiliate yok.');
    expect(screen.queryByTestId('affiliate-summary')).toBeNull();
  });

  it('the regulator opens an affiliate and sees no pause there either', async () => {
    serveAffiliates([affiliate(1)], [player(2)]);
    await renderPages('regulator', 'tr', `/affiliates/${affiliate(1).userId}`);
    await screen.findByTestId('affiliate-summary');
    await waitFor(() => expect(screen.getAllByTestId('referred-row')).toHaveLength(1));
    expect(screen.queryAllByRole('button', { name: /Durdur|Devam ettir/ })).toEqual([]);
  });
});
