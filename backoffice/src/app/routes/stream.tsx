import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Notice } from '@/components/field-error';
import { exportHref, useStream } from '@/features/regulator/api/events';
import { StoredEventCard } from '@/features/regulator/components/stored-event';
import { VerifyPanel } from '@/features/regulator/components/verify-panel';
import { useFailureText } from '@/lib/error-text';

const PAGE = 100;

/** One stream as the store holds it, in order, with its hash chain, a verify button and the JSON-lines export. */
export default function StreamPage() {
  const { t } = useTranslation(['events', 'common']);
  const failure = useFailureText();
  const { streamName = '' } = useParams();
  const [params] = useSearchParams();
  const highlight = params.get('highlight');
  const [pages, setPages] = useState<number[]>([]);
  const stream = useStream(streamName, pages.at(-1) ?? 0, PAGE);
  return (
    <section className="card" data-testid="page-stream">
      <p>
        <Link to="/events">← {t('title')}</Link>
      </p>
      <h1 className="mono" data-testid="stream-name">
        {streamName}
      </h1>
      <div className="actions">
        <a className="button" href={exportHref({ stream: streamName })} download data-testid="export-stream">
          {t('exportStream')}
        </a>
      </div>
      <VerifyPanel stream={streamName} />
      {stream.isError ? <Notice kind="error">{failure(stream.error)}</Notice> : null}
      {(stream.data?.events ?? []).map((event) => (
        <StoredEventCard key={event.eventId} event={event} highlighted={event.streamRevision === highlight} />
      ))}
      <nav className="pager">
        <button type="button" className="button" disabled={pages.length === 0} onClick={() => setPages((p) => p.slice(0, -1))}>
          {t('common:previous')}
        </button>
        <button type="button" className="button" disabled={!stream.data?.nextFromRevision} onClick={() => setPages((p) => [...p, Number(stream.data!.nextFromRevision)])}>
          {t('common:next')}
        </button>
      </nav>
    </section>
  );
}
