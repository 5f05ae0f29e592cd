import type { StaffProposition } from '@kupon/api/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/field-error';
import { useFailureText } from '@/lib/error-text';
import { displayOdds, formatDateTime } from '@/lib/format';
import { useAddProposition, useMatchMarkets, usePropositions, useRemoveProposition, useReorderPropositions, useSports, useUpcomingMatches } from '../api/propositions';

/**
 * The operator's proposed bets (spec §7 `matchProposition`, "Günün önerileri" on the player site's
 * home page): pick sport → upcoming match → market → outcome from the catalog, add a note per
 * language; the list shows them in the players' order with the price now and whether players see
 * them, and moves or removes them. Read only for the regulator.
 */
export function PropositionsPanel({ editable }: { editable: boolean }) {
  const { t, i18n } = useTranslation('content');
  const lang = i18n.language === 'en' ? 'en' : 'tr';
  const failure = useFailureText();
  const list = usePropositions(lang);
  const reorder = useReorderPropositions(lang);
  const remove = useRemoveProposition(lang);
  const rows = list.data?.propositions ?? [];
  const ids = rows.map((p) => p.id);
  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    reorder.mutate(next);
  };

  return (
    <section className="card" data-testid="page-propositions">
      <h1>{t('propositions.title')}</h1>
      <p className="muted">{t('propositions.intro')}</p>
      {editable ? <PropositionPicker lang={lang} /> : null}
      {list.isError ? <Notice kind="error">{failure(list.error)}</Notice> : null}
      {reorder.isError ? <Notice kind="error">{failure(reorder.error)}</Notice> : null}
      {remove.isError ? <Notice kind="error">{failure(remove.error)}</Notice> : null}
      <div className="table-wrap">
        <table className="table" data-testid="proposition-list" aria-busy={list.isFetching ? 'true' : undefined}>
          <thead>
            <tr>
              <th>#</th>
              <th>{t('propositions.match')}</th>
              <th>{t('propositions.market')}</th>
              <th>{t('propositions.outcome')}</th>
              <th>{t('propositions.odd')}</th>
              <th>{t('propositions.note')}</th>
              <th>{t('propositions.status')}</th>
              {editable ? <th /> : null}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={editable ? 8 : 7} className="empty-state">
                  {t('propositions.empty')}
                </td>
              </tr>
            ) : null}
            {rows.map((p, index) => (
              <tr key={p.id} data-testid="proposition-row">
                <td>{index + 1}</td>
                <td>{p.match ? `${p.match.homeTeam} - ${p.match.awayTeam} · ${formatDateTime(p.match.matchDate)}` : t('propositions.matchGone', { id: p.matchId })}</td>
                <td>{(p.typeName ?? p.marketId) + (p.special ? ` (${p.special})` : '')}</td>
                <td>{p.outcome ?? p.outcomeId}</td>
                <td>{p.odd === null ? '—' : displayOdds(p.odd)}</td>
                <td>{noteOf(p, lang)}</td>
                <td data-testid="proposition-status">{t(p.shown ? 'propositions.shown' : 'propositions.notShown')}</td>
                {editable ? (
                  <td className="actions">
                    <button type="button" className="button" aria-label={t('propositions.up')} data-testid="move-up" disabled={index === 0 || reorder.isPending} onClick={() => move(index, -1)}>
                      ↑
                    </button>
                    <button type="button" className="button" aria-label={t('propositions.down')} data-testid="move-down" disabled={index === rows.length - 1 || reorder.isPending} onClick={() => move(index, 1)}>
                      ↓
                    </button>
                    <button type="button" className="button button--danger" data-testid="remove-proposition" disabled={remove.isPending} onClick={() => window.confirm(t('removeConfirm')) && remove.mutate(p.id)}>
                      {t('remove')}
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function noteOf(p: StaffProposition, lang: string): string {
  return p.notes[lang] ?? Object.values(p.notes)[0] ?? '';
}

/** sport → match (searched on the server) → market → outcome, and the notes; adds it last. */
function PropositionPicker({ lang }: { lang: 'tr' | 'en' }) {
  const { t } = useTranslation('content');
  const failure = useFailureText();
  const [sportId, setSportId] = useState<number | null>(null);
  const [keyWord, setKeyWord] = useState('');
  const [matchId, setMatchId] = useState<string | null>(null);
  const [oddsId, setOddsId] = useState<string | null>(null);
  const [outcomeId, setOutcomeId] = useState<string | null>(null);
  const [notes, setNotes] = useState({ tr: '', en: '' });
  const sports = useSports(lang);
  const matches = useUpcomingMatches(sportId, keyWord, lang);
  const match = useMatchMarkets(matchId, lang);
  const add = useAddProposition(lang);
  const market = match.data?.odds.find((g) => g.oddsid === oddsId) ?? null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!matchId || !market || !outcomeId) return;
    add.mutate(
      { id: globalThis.crypto.randomUUID(), matchId, marketId: market.oddsid.split('|')[0] ?? '', special: market.special, outcomeId, notes },
      {
        onSuccess: () => {
          setOutcomeId(null);
          setNotes({ tr: '', en: '' });
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="proposition-picker">
      <label>
        {t('propositions.sport')}
        <select
          data-testid="pick-sport"
          value={sportId ?? ''}
          onChange={(e) => {
            setSportId(e.target.value ? Number(e.target.value) : null);
            setMatchId(null);
            setOddsId(null);
            setOutcomeId(null);
          }}
        >
          <option value="">{t('propositions.choose')}</option>
          {(sports.data ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.title} ({s.matchCount})
            </option>
          ))}
        </select>
      </label>
      {sportId !== null ? (
        <>
          <label>
            {t('propositions.search')}
            <input data-testid="pick-search" value={keyWord} maxLength={50} onChange={(e) => setKeyWord(e.target.value)} />
          </label>
          <label>
            {t('propositions.match')}
            <select
              data-testid="pick-match"
              value={matchId ?? ''}
              onChange={(e) => {
                setMatchId(e.target.value || null);
                setOddsId(null);
                setOutcomeId(null);
              }}
            >
              <option value="">{t('propositions.choose')}</option>
              {(matches.data ?? []).map((m) => (
                <option key={m.id} value={m.id}>
                  {m.homeTeam} - {m.awayTeam} · {formatDateTime(m.matchDate)} · {m.tournamentName}
                </option>
              ))}
            </select>
          </label>
        </>
      ) : null}
      {match.data ? (
        <label>
          {t('propositions.market')}
          <select
            data-testid="pick-market"
            value={oddsId ?? ''}
            onChange={(e) => {
              setOddsId(e.target.value || null);
              setOutcomeId(null);
            }}
          >
            <option value="">{t('propositions.choose')}</option>
            {match.data.odds.map((g) => (
              <option key={g.oddsid} value={g.oddsid}>
                {g.typename}
                {g.special ? ` (${g.special})` : ''}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {market ? (
        <label>
          {t('propositions.outcome')}
          <select data-testid="pick-outcome" value={outcomeId ?? ''} onChange={(e) => setOutcomeId(e.target.value || null)}>
            <option value="">{t('propositions.choose')}</option>
            {market.odds.map((o) => (
              <option key={o.outcomeid} value={o.outcomeid}>
                {o.outcome} · {displayOdds(o.odd)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label>
        {t('propositions.noteTr')}
        <input data-testid="note-tr" value={notes.tr} maxLength={200} onChange={(e) => setNotes({ ...notes, tr: e.target.value })} />
      </label>
      <label>
        {t('propositions.noteEn')}
        <input data-testid="note-en" value={notes.en} maxLength={200} onChange={(e) => setNotes({ ...notes, en: e.target.value })} />
      </label>
      {add.isError ? <Notice kind="error">{failure(add.error)}</Notice> : null}
      <button type="submit" className="button button--primary" data-testid="add-proposition" disabled={!outcomeId || add.isPending}>
        {t('propositions.add')}
      </button>
    </form>
  );
}
