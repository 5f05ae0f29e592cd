import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { localInputToIso } from '@/lib/format';
import { type FieldErrors, validate } from '@/lib/form';
import { FieldError } from './field-error';

export interface ReportWindowFields {
  from?: string | undefined;
  to?: string | undefined;
  asOf?: string | undefined;
}

/**
 * The window a report form asks for (the DateRangeFields below), its refusals under each field, and
 * the page offset, which a new window sends back to the first page. `apply` is the form's submit.
 */
export function useReportWindow(schema: z.ZodType) {
  const [window, setWindow] = useState<ReportWindowFields>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [offset, setOffset] = useState(0);
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim() || undefined;
    const next = { from: text('from'), to: text('to'), asOf: localInputToIso(String(form.get('asOf') ?? '')) };
    const checked = validate(schema, next);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setWindow(next);
    setOffset(0);
  };
  return { window, errors, offset, setOffset, apply };
}

/**
 * The `from` and `to` day inputs of a report or search form and, for reports that can be asked
 * "as of" a past moment, the `asOf` input; each with its translated refusal. The form reads them by
 * name on submit. `asOfLabel` is the page's own wording of "as of".
 */
export function DateRangeFields({ errors, asOf }: { errors: FieldErrors; asOf?: { label: string; testId: string } }) {
  const { t } = useTranslation('common');
  return (
    <>
      <label>
        {t('from')}
        <input name="from" type="date" />
        <FieldError errors={errors} name="from" />
      </label>
      <label>
        {t('to')}
        <input name="to" type="date" />
        <FieldError errors={errors} name="to" />
      </label>
      {asOf && (
        <label>
          {asOf.label}
          <input name="asOf" type="datetime-local" step="1" data-testid={asOf.testId} />
          <FieldError errors={errors} name="asOf" />
        </label>
      )}
    </>
  );
}

/**
 * A report page's window form: the date-range and "as of" fields with the page's own submit button.
 * `apply` is useReportWindow's, `errors` its refusals.
 */
export function ReportWindowForm({
  apply,
  errors,
  asOf,
  submitLabel,
  testId,
}: {
  apply: (event: FormEvent<HTMLFormElement>) => void;
  errors: FieldErrors;
  asOf: { label: string; testId: string };
  submitLabel: string;
  testId: string;
}) {
  return (
    <form className="filters form--grid" onSubmit={apply} noValidate data-testid={testId}>
      <DateRangeFields errors={errors} asOf={asOf} />
      <div className="actions">
        <button type="submit" className="button button--primary">
          {submitLabel}
        </button>
      </div>
    </form>
  );
}
