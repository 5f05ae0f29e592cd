import type { ReplayView, ReportCatalog } from '@kupon/api/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { ReplayPanel } from './replay-panel';

const renderPanel = (language: 'tr' | 'en', canStart = true) => renderWithProviders(<ReplayPanel canStart={canStart} />, { language });

const replay = (fields: Partial<ReplayView> & Pick<ReplayView, 'replayId' | 'state'>): ReplayView => ({
  report: 'general',
  projection: 'reports',
  version: 3,
  build: null,
  eventsDone: 0,
  eventsTotal: 0,
  eventsPerSecond: 0,
  startedAt: '2026-11-25T10:00:00.000Z',
  finishedAt: null,
  startedBy: 'u-1',
  startedByName: 'koperator',
  siteId: 'kupon',
  error: null,
  ...fields,
});

const catalog: ReportCatalog = {
  reports: [
    { report: 'general', projection: 'reports', version: 3, build: 1, eventsApplied: 1200, supportsAsOf: true },
    { report: 'liability', projection: 'liability', version: 2, build: 0, eventsApplied: 300, supportsAsOf: true },
  ],
};

/**
 * The api's replay routes over a list of jobs the test sets, as every api process answers them from
 * the database. `start` answers a POST: the job it starts, or an error text.
 */
function serveReplays(jobs: ReplayView[], start: (report: string) => ReplayView | string) {
  const started: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://backoffice.example');
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.pathname === '/api/v1/reports/catalog') return json(catalog);
      if (url.pathname === '/api/v1/reports/replays/all' && init?.method === 'POST') {
        started.push('all');
        const answer = start('all');
        if (typeof answer === 'string') return json({ error: answer }, 409);
        const all = [answer, replay({ replayId: `${answer.replayId}-l`, report: 'liability', projection: 'liability', state: 'queued' })];
        jobs.unshift(...all);
        return json({ replays: all }, 202);
      }
      if (url.pathname === '/api/v1/reports/replays' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as { report: string };
        started.push(body);
        const answer = start(body.report);
        if (typeof answer === 'string') return json({ error: answer }, 409);
        jobs.unshift(answer);
        return json(answer, 202);
      }
      if (url.pathname === '/api/v1/reports/replays') return json({ replays: jobs });
      return json({ error: 'notFound' }, 404);
    }),
  );
  return started;
}

afterEach(() => vi.unstubAllGlobals());

describe('replay panel (issue 8: replay for finance)', () => {
  it('lists every kept replay with who started it; an interrupted one says why and starts again (Turkish)', async () => {
    const jobs = [
      replay({ replayId: 'r-2', state: 'interrupted', eventsDone: 400, eventsTotal: 1200, build: 2 }),
      replay({ replayId: 'r-1', report: 'liability', projection: 'liability', state: 'live', build: 1, eventsDone: 300, eventsTotal: 300, eventsPerSecond: 150, startedByName: 'kadmin', finishedAt: '2026-11-25T09:00:02.000Z' }),
    ];
    const started = serveReplays(jobs, () => replay({ replayId: 'r-3', state: 'queued', eventsTotal: 1200 }));
    await renderPanel('tr');
    await waitFor(() => expect(screen.getAllByTestId('replay')).toHaveLength(2));
    const [interrupted, live] = screen.getAllByTestId('replay');
    expect(interrupted!.getAttribute('data-state')).toBe('interrupted');
    expect(within(interrupted!).getByTestId('replay-state').textContent).toBe('Yarıda kaldı');
    expect(interrupted!.textContent).toContain('başlatan: koperator');
    expect(within(interrupted!).getByTestId('replay-progress').textContent).toBe('400 / 1200 olay · 0 olay/sn');
    expect(within(interrupted!).getByTestId('replay-interrupted').textContent).toContain('önceki tablolar hizmet vermeye devam ediyor');
    expect(within(live!).getByTestId('replay-state').textContent).toBe('Yayında');
    expect(live!.textContent).toContain('başlatan: kadmin');
    expect(within(live!).queryByTestId('replay-again')).toBeNull();

    fireEvent.click(within(interrupted!).getByTestId('replay-again'));
    await waitFor(() => expect(screen.getAllByTestId('replay')).toHaveLength(3));
    expect(started).toEqual([{ report: 'general' }]);
    expect(screen.getAllByTestId('replay')[0]!.getAttribute('data-state')).toBe('queued');
    expect(within(screen.getAllByTestId('replay')[0]!).getByTestId('replay-state').textContent).toBe('Sırada');
  });

  it('a start refused because the projection is already rebuilding says so and shows the running replay (English)', async () => {
    const jobs: ReplayView[] = [];
    serveReplays(jobs, () => {
      // Another api process started it a moment before: the list now holds it.
      jobs.unshift(replay({ replayId: 'r-9', state: 'building', build: 2, eventsDone: 500, eventsTotal: 1200, eventsPerSecond: 250, startedByName: 'kadmin' }));
      return 'replayRunning|reports';
    });
    await renderPanel('en');
    await waitFor(() => expect(screen.getByTestId('replay-general')).toBeTruthy());
    expect(screen.queryAllByTestId('replay')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('replay-general'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The reports projection is already being rebuilt: watch its progress below; start again once it has finished.'));
    await waitFor(() => expect(screen.getAllByTestId('replay')).toHaveLength(1));
    const running = screen.getByTestId('replay');
    expect(within(running).getByTestId('replay-state').textContent).toBe('Building');
    expect(running.textContent).toContain('by kadmin');
    expect(within(running).getByTestId('replay-progress').textContent).toBe('500 of 1200 events · 250 events/s');
  });

  it('rebuilds every report at once: one replay per projection shows in the list (Turkish)', async () => {
    const jobs: ReplayView[] = [];
    const started = serveReplays(jobs, () => replay({ replayId: 'r-4', state: 'queued', eventsTotal: 1200 }));
    await renderPanel('tr');
    const button = await screen.findByTestId('replay-all');
    expect(button.textContent).toBe('Tüm raporları yeniden oluştur');
    fireEvent.click(button);
    await waitFor(() => expect(screen.getAllByTestId('replay')).toHaveLength(2));
    expect(started).toEqual(['all']);
    expect(screen.getAllByTestId('replay').map((row) => row.querySelector('strong')?.textContent)).toEqual(['Genel rapor', 'Risk']);
  });

  it('rebuilding every report while one runs says which projection is rebuilding (English)', async () => {
    serveReplays([], () => 'replayRunning|liability');
    await renderPanel('en');
    fireEvent.click(await screen.findByTestId('replay-all'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The liability projection is already being rebuilt: watch its progress below; start again once it has finished.'));
  });

  it('staff who may not start replays see the list without buttons', async () => {
    serveReplays([replay({ replayId: 'r-2', state: 'interrupted' })], () => 'permissionDenied');
    await renderPanel('en', false);
    await waitFor(() => expect(screen.getAllByTestId('replay')).toHaveLength(1));
    expect(screen.getByTestId('replay-interrupted').textContent).toContain('Start it again.');
    expect(screen.queryByTestId('replay-again')).toBeNull();
    expect(screen.queryByTestId('replay-general')).toBeNull();
    expect(screen.queryByTestId('replay-all')).toBeNull();
  });
});
