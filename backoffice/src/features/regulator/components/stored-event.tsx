import type { StoredEvent } from '@kupon/api/contract';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';

/** One stored event as the store holds it: type, revision, position, actor and IP, data, metadata and the hashes that chain it. */
export function StoredEventCard({ event, highlighted }: { event: StoredEvent; highlighted: boolean }) {
  const { t } = useTranslation('events');
  const { metadata } = event;
  const { prevHash, hash, actor, ...rest } = metadata;
  return (
    <article className={highlighted ? 'event event--broken' : 'event'} data-testid="stored-event" data-revision={event.streamRevision}>
      <header className="event__header">
        <strong>
          #{event.streamRevision} {event.type}
        </strong>
        <span className="muted small">
          {formatDateTime(metadata.at, true)} · {t('position')} {event.position.commit}:{event.position.prepare}
        </span>
      </header>
      <dl className="fields">
        <div className="fields__row">
          <dt>{t('actor')}</dt>
          <dd data-testid="event-actor">
            {event.actorWithheld ? t('actorWithheld') : `${actor.userId} (${actor.role})`} · IP {actor.ip ?? '—'}
          </dd>
        </div>
        <div className="fields__row">
          <dt>{t('prevHash')}</dt>
          <dd className="mono">{prevHash}</dd>
        </div>
        <div className="fields__row">
          <dt>{t('hash')}</dt>
          <dd className="mono">{hash}</dd>
        </div>
      </dl>
      <details>
        <summary>{t('data')}</summary>
        <pre className="mono" data-testid="event-data">{JSON.stringify(event.data, null, 2)}</pre>
      </details>
      <details>
        <summary>{t('metadata')}</summary>
        <pre className="mono">{JSON.stringify({ ...rest, actor }, null, 2)}</pre>
      </details>
    </article>
  );
}
