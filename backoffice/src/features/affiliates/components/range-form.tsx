import { AffiliateRangeQuery } from '@contract/affiliate';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/field-error';
import { type FieldErrors, validate } from '@/lib/form';

/** A UTC day `yyyy-mm-dd` as spec §9 writes dates: day/month/year. */
export const dayText = (day: string) => day.split('-').reverse().join('/');

/** The api's own range schema (UTC days, both optional), so a bad day is named before any request goes. */
const RangeFields = AffiliateRangeQuery.pick({ from: true, to: true });

/**
 * The UTC days the stakes and GGR are summed over (both ends included); empty fields let the api take
 * its default, the last 30 days, which the page names under the form.
 */
export function RangeForm({ from, to, onRange }: { from: string; to: string; onRange: (range: { from: string; to: string }) => void }) {
  const { t } = useTranslation(['affiliates', 'common']);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = { from: String(form.get('from') ?? '').trim(), to: String(form.get('to') ?? '').trim() };
    const checked = validate(RangeFields, { from: next.from || undefined, to: next.to || undefined });
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) onRange(next);
  };
  return (
    <form className="filters" role="search" onSubmit={submit} noValidate data-testid="affiliate-range" key={`${from}|${to}`}>
      <label>
        {t('common:from')} <input name="from" type="date" defaultValue={from} />
        <FieldError errors={errors} name="from" />
      </label>
      <label>
        {t('common:to')} <input name="to" type="date" defaultValue={to} />
        <FieldError errors={errors} name="to" />
      </label>
      <button type="submit" className="button button--primary">
        {t('show')}
      </button>
    </form>
  );
}
