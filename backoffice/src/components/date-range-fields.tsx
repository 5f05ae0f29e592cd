import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '@/lib/form';
import { FieldError } from './field-error';

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
