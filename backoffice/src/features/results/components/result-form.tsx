import type { MatchRow } from '@kupon/api/contract';
import { CORNERS_AND_CARDS_SPORTS, MatchResultRequest, maxPeriods, SHOOTOUT_SPORTS, TIE_BREAK_SPORTS } from '@contract/match-results';
import { MATCH_STATUSES, type SportId } from '@kupon/domain';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Notice } from '@/components/field-error';
import { newRequestId } from '@/lib/api-client';
import { useFailureText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { type FieldErrors, validate } from '@/lib/form';
import { useEnterResult } from '../api/results';
import { ENDINGS, formValues, isSetSport, periodName, resultFromForm } from '../utils/result-entry';

type Lang = 'tr' | 'en';

/** Two count inputs (home, away) named `<prefix>.home` / `<prefix>.away`, with their refusals. */
function Pair({ prefix, values, errors, disabled, label }: { prefix: string; values: Record<string, string>; errors: FieldErrors; disabled: boolean; label: string }) {
  const { t } = useTranslation('results');
  return (
    <span className="score-pair">
      {(['home', 'away'] as const).map((side, index) => (
        <span key={side}>
          {index === 1 ? <span aria-hidden="true"> : </span> : null}
          <input name={`${prefix}.${side}`} inputMode="numeric" size={3} defaultValue={values[`${prefix}.${side}`] ?? ''} disabled={disabled} aria-label={`${label} ${t(side)}`} />
          <FieldError errors={errors} name={`result.${prefix}.${side}`} />
        </span>
      ))}
    </span>
  );
}

/**
 * The result of one match by period, as its sport plays it: halves with corners and cards (football),
 * quarters, periods or innings with overtime (and a shoot-out where the sport has one), sets with
 * tie-breaks (tennis), a retirement or walkover (set sports). Validated with the api's own schema; a
 * match with a result gets a correction (the coupons resettle by the difference).
 */
export function ResultForm({ match, editable, onSaved }: { match: MatchRow; editable: boolean; onSaved: (match: MatchRow) => void }) {
  const { t, i18n } = useTranslation('results');
  const failure = useFailureText();
  const enter = useEnterResult();
  const [errors, setErrors] = useState<FieldErrors>({});
  const sportId = match.sportId as SportId;
  const rows = maxPeriods(sportId);
  const correction = match.result !== null;
  const values = formValues(match);
  const lang = (i18n.language === 'en' ? 'en' : 'tr') as Lang;
  const footballExtras = CORNERS_AND_CARDS_SPORTS.includes(sportId);
  const setSport = isSetSport(sportId);
  const disabled = !editable || enter.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = resultFromForm(sportId, rows, (name) => String(form.get(name) ?? ''));
    const checked = validate(MatchResultRequest, { requestId: newRequestId(), result });
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) enter.mutate({ matchId: match.matchId, correction, body: checked.data }, { onSuccess: onSaved });
  };

  const name = periodName(sportId);
  return (
    <form className="panel form" onSubmit={submit} noValidate data-testid="result-form" data-match-id={match.matchId} key={`${match.matchId}-${match.resultAt ?? ''}`}>
      <h2>{t('formTitle', { home: match.home[lang], away: match.away[lang] })}</h2>
      <p className="muted small">
        {t(`sports.${sportId}` as never, { defaultValue: String(sportId) })} · {match.tournament[lang]} · {formatDateTime(match.startsAt)}
        {match.resultAt ? ` · ${t('recordedAt', { at: formatDateTime(match.resultAt) })}` : ''}
      </p>
      <div className="form--grid">
        <label>
          {t('status')}
          <select name="status" defaultValue={values.status} disabled={disabled}>
            {MATCH_STATUSES.map((status) => (
              <option key={status} value={status}>
                {t(`statuses.${status}`)}
              </option>
            ))}
          </select>
          <FieldError errors={errors} name="result.status" />
        </label>
        {setSport ? (
          <label>
            {t('ending')}
            <select name="ending" defaultValue={values.ending} disabled={disabled}>
              {ENDINGS.map((ending) => (
                <option key={ending} value={ending}>
                  {t(`endings.${ending}`)}
                </option>
              ))}
            </select>
            <FieldError errors={errors} name="result.retired" />
            <FieldError errors={errors} name="result.walkover" />
          </label>
        ) : null}
        <label>
          {t('completedPeriods')}
          <input name="completedPeriods" inputMode="numeric" size={2} defaultValue={values.completedPeriods} disabled={disabled} title={t('completedPeriodsHint')} />
          <FieldError errors={errors} name="result.completedPeriods" />
        </label>
      </div>
      <table className="table table--compact" data-testid="result-periods">
        <thead>
          <tr>
            <th />
            <th>{t('score')}</th>
            {TIE_BREAK_SPORTS.includes(sportId) ? <th>{t('tieBreak')}</th> : null}
            {footballExtras ? (
              <>
                <th>{t('corners')}</th>
                <th>{t('yellowCards')}</th>
                <th>{t('redCards')}</th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: rows }, (_, index) => {
            const label = t(`periodNames.${name}`, { n: index + 1 });
            return (
              <tr key={index}>
                <th>{label}</th>
                <td>
                  <Pair prefix={`periods.${index}`} values={values} errors={errors} disabled={disabled} label={label} />
                </td>
                {TIE_BREAK_SPORTS.includes(sportId) ? (
                  <td>
                    <Pair prefix={`periods.${index}.tieBreak`} values={values} errors={errors} disabled={disabled} label={`${label} ${t('tieBreak')}`} />
                  </td>
                ) : null}
                {footballExtras ? (
                  <>
                    <td>
                      <Pair prefix={`corners.${index}`} values={values} errors={errors} disabled={disabled} label={`${label} ${t('corners')}`} />
                    </td>
                    <td>
                      <Pair prefix={`cards.${index}.yellow`} values={values} errors={errors} disabled={disabled} label={`${label} ${t('yellowCards')}`} />
                    </td>
                    <td>
                      <Pair prefix={`cards.${index}.red`} values={values} errors={errors} disabled={disabled} label={`${label} ${t('redCards')}`} />
                    </td>
                  </>
                ) : null}
              </tr>
            );
          })}
        </tbody>
      </table>
      <FieldError errors={errors} name="result.periods" />
      <FieldError errors={errors} name="result.corners" />
      <FieldError errors={errors} name="result.cards" />
      {!setSport ? (
        <div className="form--grid">
          <label>
            {t('overtime')}
            <Pair prefix="overtime" values={values} errors={errors} disabled={disabled} label={t('overtime')} />
            <FieldError errors={errors} name="result.overtime" />
          </label>
          {SHOOTOUT_SPORTS.includes(sportId) ? (
            <label>
              {t('penalties')}
              <Pair prefix="penalties" values={values} errors={errors} disabled={disabled} label={t('penalties')} />
              <FieldError errors={errors} name="result.penalties" />
            </label>
          ) : null}
        </div>
      ) : null}
      <p className="muted small">{t('formHint')}</p>
      {enter.isError ? (
        <Notice kind="error" testId="result-error">
          {failure(enter.error)}
        </Notice>
      ) : null}
      {enter.isSuccess ? (
        <Notice kind="success" testId="result-saved">
          {t(enter.variables?.correction ? 'corrected' : 'recorded')}
        </Notice>
      ) : null}
      {editable ? (
        <button type="submit" className="button button--primary" disabled={enter.isPending} data-testid="result-submit">
          {t(correction ? 'saveCorrection' : 'record')}
        </button>
      ) : null}
    </form>
  );
}
