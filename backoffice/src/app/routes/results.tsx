import type { MatchRow } from '@kupon/api/contract';
import { MATCH_LIST_STATES } from '@contract/match-results';
import { SPORT_IDS } from '@kupon/domain';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Columns, DataTable, tableCore } from '@/components/data-table';
import { Notice } from '@/components/field-error';
import { Pager } from '@/components/pager';
import { useMe } from '@/features/auth/api/session';
import { canWrite } from '@/features/auth/access';
import { type MatchSearch, useMatches } from '@/features/results/api/results';
import { MatchIncidents } from '@/features/results/components/match-incidents';
import { ResultForm } from '@/features/results/components/result-form';
import { useFailureText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';

const PAGE = 25;
const column = createColumnHelper<typeof tableCore, MatchRow>();

/** A result in one line: the score of each period ("1:0 1:2"), then overtime and penalties. */
function resultLine(row: MatchRow): string {
  const result = row.result;
  if (!result) return '';
  const score = (s: { home: number; away: number }) => `${s.home}:${s.away}`;
  return [result.periods.map(score).join(' '), result.overtime ? `+${score(result.overtime)}` : '', result.penalties ? `(${score(result.penalties)})` : ''].filter(Boolean).join(' ');
}

/** Match results (issue 8): matches awaiting a result, entry by period and correction; the coupons settle and resettle. */
export default function ResultsPage() {
  const { t, i18n } = useTranslation(['results', 'common']);
  const failure = useFailureText();
  const me = useMe().data!;
  const lang = i18n.language === 'en' ? 'en' : 'tr';
  const [search, setSearch] = useState<MatchSearch>({ state: 'awaiting', offset: 0, limit: PAGE });
  const [selected, setSelected] = useState<MatchRow | null>(null);
  const matches = useMatches(search);
  const editable = canWrite(me);

  const columns = useMemo<Columns<MatchRow>>(
    () => [
      column.accessor('startsAt', { header: () => t('kickOff'), cell: (cell) => formatDateTime(cell.getValue()) }),
      column.accessor('sportId', { header: () => t('sport'), cell: (cell) => t(`sports.${cell.getValue()}` as never, { defaultValue: String(cell.getValue()) }) }),
      column.accessor('tournament', { header: () => t('tournament'), cell: (cell) => cell.getValue()[lang] }),
      column.display({ id: 'match', header: () => t('match'), cell: ({ row }) => `${row.original.home[lang]} – ${row.original.away[lang]}` }),
      column.accessor('status', { header: () => t('liveStatus') }),
      column.display({ id: 'result', header: () => t('result'), cell: ({ row }) => <span data-testid="match-result">{resultLine(row.original) || t('noResult')}</span> }),
      column.display({
        id: 'action',
        header: () => '',
        cell: ({ row }) => (
          <button type="button" className="button" data-testid="open-result" onClick={() => setSelected(row.original)}>
            {row.original.result ? t('correct') : t('enter')}
          </button>
        ),
      }),
    ],
    [t, lang],
  );

  const find = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const sport = String(form.get('sportId') ?? '');
    setSearch({ ...search, search: String(form.get('search') ?? '').trim() || undefined, sportId: sport ? Number(sport) : undefined, offset: 0 });
  };

  return (
    <section className="card" data-testid="page-results">
      <h1>{t('title')}</h1>
      <nav className="tabs">
        {MATCH_LIST_STATES.map((state) => (
          <button key={state} type="button" className={state === search.state ? 'tab tab--active' : 'tab'} data-testid={`results-${state}`} onClick={() => setSearch({ ...search, state, offset: 0 })}>
            {t(`states.${state}`)}
          </button>
        ))}
      </nav>
      <form className="filters" onSubmit={find} role="search">
        <select name="sportId" aria-label={t('sport')} defaultValue="">
          <option value="">{t('allSports')}</option>
          {SPORT_IDS.map((id) => (
            <option key={id} value={id}>
              {t(`sports.${id}` as never)}
            </option>
          ))}
        </select>
        <input name="search" placeholder={t('searchPlaceholder')} maxLength={40} />
        <button type="submit" className="button button--primary">
          {t('common:search')}
        </button>
      </form>
      {matches.isError ? <Notice kind="error">{failure(matches.error)}</Notice> : null}
      <DataTable columns={columns} data={matches.data?.matches ?? []} rowId={(row) => row.matchId} testId="match-list" rowTestId="match-row" loading={matches.isFetching} />
      <Pager offset={search.offset} limit={PAGE} total={matches.data?.total ?? 0} pageSize={matches.data?.matches.length ?? 0} onOffset={(offset) => setSearch({ ...search, offset })} />
      {selected ? <ResultForm key={selected.matchId} match={selected} editable={editable} onSaved={setSelected} /> : null}
      {selected && editable ? <MatchIncidents key={`incidents-${selected.matchId}`} match={selected} onChanged={setSelected} /> : null}
    </section>
  );
}
