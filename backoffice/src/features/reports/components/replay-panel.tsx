import type { ReportName } from '@kupon/api/contract';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/field-error';
import { useFailureText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { useReplays, useReportCatalog, useStartAllReplays, useStartReplay } from '../api/reports';

/**
 * Replay for finance: rebuild a report's projection into fresh tables (swapped in when caught up) and
 * watch its progress. The list is the api's durable one: replays started through any api process, kept
 * across restarts; one whose process stopped shows interrupted, with a button to start it again.
 */
export function ReplayPanel({ canStart }: { canStart: boolean }) {
  const { t } = useTranslation('reports');
  const failure = useFailureText();
  const catalog = useReportCatalog();
  const replays = useReplays();
  const start = useStartReplay();
  const startAll = useStartAllReplays();
  const starting = start.isPending || startAll.isPending;
  return (
    <div className="panel" data-testid="replay-panel">
      <h2>{t('replay.title')}</h2>
      <p className="muted small">{t('replay.hint')}</p>
      {canStart ? (
        <p>
          <button type="button" className="button" data-testid="replay-all" disabled={starting} onClick={() => startAll.mutate()}>
            {t('replay.startAll')}
          </button>{' '}
          <span className="muted small">{t('replay.startAllHint')}</span>
        </p>
      ) : null}
      {catalog.isError ? <Notice kind="error">{failure(catalog.error)}</Notice> : null}
      <table className="table table--compact">
        <thead>
          <tr>
            <th>{t('replay.report')}</th>
            <th>{t('replay.projection')}</th>
            <th>{t('replay.build')}</th>
            <th>{t('replay.applied')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {(catalog.data ?? []).map((entry) => (
            <tr key={entry.report}>
              <td>{t(`names.${entry.report}` as never, { defaultValue: entry.report })}</td>
              <td className="mono">
                {entry.projection} v{entry.version}
              </td>
              <td>{entry.build ?? '—'}</td>
              <td>{entry.eventsApplied ?? '—'}</td>
              <td>
                {canStart ? (
                  <button type="button" className="button" data-testid={`replay-${entry.report}`} disabled={starting} onClick={() => start.mutate(entry.report as ReportName)}>
                    {t('replay.start')}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {start.isError ? <Notice kind="error">{failure(start.error)}</Notice> : null}
      {startAll.isError ? <Notice kind="error">{failure(startAll.error)}</Notice> : null}
      <ul className="replays">
        {(replays.data ?? []).slice(0, 5).map((replay) => {
          const total = Math.max(replay.eventsTotal, replay.eventsDone);
          return (
            <li key={replay.replayId} data-testid="replay" data-state={replay.state}>
              <strong>{t(`names.${replay.report}` as never, { defaultValue: replay.report })}</strong> · <span data-testid="replay-state">{t(`replay.states.${replay.state}`)}</span> · {formatDateTime(replay.startedAt, true)} ·{' '}
              <span className="muted small">{t('replay.by', { name: replay.startedByName })}</span>
              <progress max={total || 1} value={replay.state === 'live' ? total || 1 : replay.eventsDone} aria-label={t('replay.progress')} />
              <span className="muted small" data-testid="replay-progress">
                {t('replay.counts', { done: replay.eventsDone, total, rate: replay.eventsPerSecond })}
              </span>
              {replay.error ? <Notice kind="error">{replay.error}</Notice> : null}
              {replay.state === 'interrupted' ? (
                <Notice kind="warning" testId="replay-interrupted">
                  {t('replay.interrupted')}{' '}
                  {canStart ? (
                    <button type="button" className="button" data-testid="replay-again" disabled={starting} onClick={() => start.mutate(replay.report)}>
                      {t('replay.startAgain')}
                    </button>
                  ) : null}
                </Notice>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
