import { PaymentMethodSettingBody } from '@contract/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Notice } from '@/components/field-error';
import { Modal } from '@/components/modal';
import { useFailureText } from '@/lib/error-text';
import { amountInput, formatMoney, parseAmount } from '@/lib/format';
import { type FieldErrors, validate } from '@/lib/form';
import { LANGUAGES } from '@/lib/language';
import { type MethodSetting, useSaveMethodSetting } from '../api/payment-methods';

/** Empty keeps the catalog's amount (null); typed text that is no amount goes to the schema as it is, which refuses it. */
function amountOrNull(text: string): number | null | string {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return parseAmount(trimmed) ?? trimmed;
}

/**
 * One method on this site: on or off, its place in the list, the amounts a request may have (empty:
 * the catalog's) and its name per language (empty: the catalog's). Validated with the api's own
 * `PaymentMethodSettingBody`.
 */
export function MethodForm({ method, position, onClose }: { method: MethodSetting; position: number; onClose: () => void }) {
  const { t } = useTranslation('payments');
  const failure = useFailureText();
  const save = useSaveMethodSetting();
  const [errors, setErrors] = useState<FieldErrors>({});
  const setting = method.setting;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const order = text('order').trim();
    const names = Object.fromEntries(LANGUAGES.map((lang) => [lang, text(`names.${lang}`).trim()]).filter(([, name]) => name !== ''));
    const checked = validate(PaymentMethodSettingBody, {
      enabled: form.get('enabled') === 'on',
      order: order === '' ? position : /^\d+$/.test(order) ? Number(order) : order,
      minAmount: amountOrNull(text('minAmount')),
      maxAmount: amountOrNull(text('maxAmount')),
      names,
    });
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) save.mutate({ direction: method.direction, payCatId: method.payCatId, body: checked.data }, { onSuccess: onClose });
  };

  return (
    <Modal title={t('editTitle', { name: method.catName })} onClose={onClose} testId="method-form">
      <form className="form" onSubmit={submit} noValidate>
        <p className="muted small">
          {t(`directions.${method.direction}`)} · {t('catalogAmounts', { min: formatMoney(method.catalogMinAmount), max: formatMoney(method.catalogMaxAmount) })}
        </p>
        <label className="check">
          <input type="checkbox" name="enabled" defaultChecked={setting?.enabled ?? true} />
          {t('offered')}
        </label>
        <div className="form--grid">
          <label>
            {t('order')}
            <input name="order" inputMode="numeric" defaultValue={String(setting?.order ?? position)} />
            <FieldError errors={errors} name="order" />
          </label>
          <label>
            {t('minAmount')}
            <input name="minAmount" inputMode="decimal" placeholder={amountInput(method.catalogMinAmount)} defaultValue={setting?.minAmount != null ? amountInput(setting.minAmount) : ''} />
            <FieldError errors={errors} name="minAmount" />
          </label>
          <label>
            {t('maxAmount')}
            <input name="maxAmount" inputMode="decimal" placeholder={amountInput(method.catalogMaxAmount)} defaultValue={setting?.maxAmount != null ? amountInput(setting.maxAmount) : ''} />
            <FieldError errors={errors} name="maxAmount" />
          </label>
          {LANGUAGES.map((lang) => (
            <label key={lang}>
              {t('nameIn', { lang: lang.toUpperCase() })}
              <input name={`names.${lang}`} maxLength={60} placeholder={method.catName} defaultValue={setting?.names[lang] ?? ''} />
              <FieldError errors={errors} name={`names.${lang}`} />
            </label>
          ))}
        </div>
        <p className="muted small">{t('formHint')}</p>
        {save.isError ? (
          <Notice kind="error" testId="method-error">
            {failure(save.error)}
          </Notice>
        ) : null}
        <button type="submit" className="button button--primary" disabled={save.isPending} data-testid="method-save">
          {t('save')}
        </button>
      </form>
    </Modal>
  );
}
