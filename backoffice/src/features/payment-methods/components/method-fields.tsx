import { AddPaymentMethodBody, FormFieldsBody } from '@contract/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Notice } from '@/components/field-error';
import { Modal } from '@/components/modal';
import { useFailureText } from '@/lib/error-text';
import { parseAmount } from '@/lib/format';
import { type FieldErrors, validate } from '@/lib/form';
import { LANGUAGES } from '@/lib/language';
import { type MethodField, type MethodSetting, useAddMethod, useMethodProviders, useSaveMethodFields } from '../api/payment-methods';

const TYPES = ['text', 'number', 'amount', 'email', 'date', 'birthdate', 'datetime', 'time', 'select'] as const;
const FLOWS = ['message', 'redirect', 'iframe1', 'iframe2'] as const;
const blank = (): MethodField => ({ name: '', title: '', type: 'text', required: true, minLength: 0, maxLength: 0, options: '', placeHolder: '' });

/** A whole number as typed, else the text (the schema names the field). */
const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : text);

/** The rows of a form: name, title, type (its validation kind), required, lengths (0: no bound), select options. */
function FieldRows({ fields, onChange, errors }: { fields: MethodField[]; onChange: (fields: MethodField[]) => void; errors: FieldErrors }) {
  const { t } = useTranslation('payments');
  const set = (index: number, patch: Partial<MethodField>) => onChange(fields.map((f, i) => (i === index ? { ...f, ...patch } : f)));
  return (
    <div data-testid="method-fields">
      <table className="table table--compact">
        <thead>
          <tr>
            <th>{t('fieldName')}</th>
            <th>{t('fieldTitle')}</th>
            <th>{t('fieldType')}</th>
            <th>{t('fieldRequired')}</th>
            <th>{t('fieldMin')}</th>
            <th>{t('fieldMax')}</th>
            <th>{t('fieldOptions')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {fields.map((f, i) => (
            <tr key={i} data-testid={`method-field-${i}`}>
              <td>
                <input aria-label={t('fieldName')} value={f.name} maxLength={30} onChange={(e) => set(i, { name: e.target.value.trim() })} />
                <FieldError errors={errors} name={`fields.${i}.name`} />
              </td>
              <td>
                <input aria-label={t('fieldTitle')} value={f.title} maxLength={60} onChange={(e) => set(i, { title: e.target.value })} />
                <FieldError errors={errors} name={`fields.${i}.title`} />
              </td>
              <td>
                <select aria-label={t('fieldType')} value={f.type} onChange={(e) => set(i, { type: e.target.value as MethodField['type'] })}>
                  {TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`fieldTypes.${type}`)}
                    </option>
                  ))}
                </select>
              </td>
              <td>
                <input type="checkbox" aria-label={t('fieldRequired')} checked={f.required ?? true} onChange={(e) => set(i, { required: e.target.checked })} />
              </td>
              <td>
                <input aria-label={t('fieldMin')} inputMode="numeric" size={4} value={String(f.minLength ?? 0)} onChange={(e) => set(i, { minLength: whole(e.target.value) as number })} />
                <FieldError errors={errors} name={`fields.${i}.minLength`} />
              </td>
              <td>
                <input aria-label={t('fieldMax')} inputMode="numeric" size={4} value={String(f.maxLength ?? 0)} onChange={(e) => set(i, { maxLength: whole(e.target.value) as number })} />
                <FieldError errors={errors} name={`fields.${i}.maxLength`} />
              </td>
              <td>
                <input aria-label={t('fieldOptions')} value={f.options ?? ''} disabled={f.type !== 'select'} placeholder="value:text,value:text" onChange={(e) => set(i, { options: e.target.value })} />
                <FieldError errors={errors} name={`fields.${i}.options`} />
              </td>
              <td>
                <button type="button" className="button" onClick={() => onChange(fields.filter((_, j) => j !== i))} data-testid={`method-field-remove-${i}`}>
                  {t('fieldRemove')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <FieldError errors={errors} name="fields" />
      <button type="button" className="button" onClick={() => onChange([...fields, blank()])} data-testid="method-field-add">
        {t('fieldAdd')}
      </button>
    </div>
  );
}

/** Edits the form players fill in for a method (validated with the api's own `FormFieldsBody`; the domain checks it again). */
export function MethodFieldsForm({ method, onClose }: { method: MethodSetting; onClose: () => void }) {
  const { t } = useTranslation('payments');
  const failure = useFailureText();
  const save = useSaveMethodFields();
  const [fields, setFields] = useState<MethodField[]>(() => method.fields.map((f) => ({ ...f })));
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = validate(FormFieldsBody, { fields });
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) save.mutate({ direction: method.direction, payCatId: method.payCatId, fields: checked.data.fields }, { onSuccess: onClose });
  };
  return (
    <Modal title={t('fieldsTitle', { name: method.catName })} onClose={onClose} testId="method-fields-form">
      <form className="form" onSubmit={submit} noValidate>
        <p className="muted small">{t('fieldsHint')}</p>
        <FieldRows fields={fields} onChange={setFields} errors={errors} />
        {save.isError ? <Notice kind="error">{failure(save.error)}</Notice> : null}
        <button type="submit" className="button button--primary" disabled={save.isPending} data-testid="method-fields-save">
          {t('save')}
        </button>
      </form>
    </Modal>
  );
}

/** Adds a method of one of the providers that exist (validated with the api's own `AddPaymentMethodBody`). */
export function AddMethodForm({ lang, onClose }: { lang: string; onClose: () => void }) {
  const { t } = useTranslation('payments');
  const failure = useFailureText();
  const providers = useMethodProviders(lang);
  const add = useAddMethod();
  const [fields, setFields] = useState<MethodField[]>([{ ...blank(), name: 'amount', title: t('fieldTypes.amount'), type: 'amount', minLength: 1, maxLength: 7 }]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const amount = (name: string) => (text(name) === '' ? 0 : (parseAmount(text(name)) ?? text(name)));
    const names = Object.fromEntries(LANGUAGES.map((l) => [l, text(`names.${l}`)]).filter(([, name]) => name !== ''));
    const checked = validate(AddPaymentMethodBody, { direction: text('direction'), provider: text('provider'), flow: text('flow'), names, minAmount: amount('minAmount'), maxAmount: amount('maxAmount'), fields });
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) add.mutate(checked.data, { onSuccess: onClose });
  };
  return (
    <Modal title={t('addTitle')} onClose={onClose} testId="method-add-form">
      <form className="form" onSubmit={submit} noValidate>
        <div className="form--grid">
          <label>
            {t('direction')}
            <select name="direction" defaultValue="deposit">
              <option value="deposit">{t('directions.deposit')}</option>
              <option value="withdraw">{t('directions.withdraw')}</option>
            </select>
          </label>
          <label>
            {t('provider')}
            <select name="provider" data-testid="method-provider">
              {(providers.data ?? []).map((provider) => (
                <option key={provider} value={provider}>
                  {t(`providers.${provider}`, { defaultValue: provider })}
                </option>
              ))}
            </select>
            <FieldError errors={errors} name="provider" />
          </label>
          <label>
            {t('flow')}
            <select name="flow" defaultValue="message">
              {FLOWS.map((flow) => (
                <option key={flow} value={flow}>
                  {t(`flows.${flow}`)}
                </option>
              ))}
            </select>
          </label>
          {LANGUAGES.map((l) => (
            <label key={l}>
              {t('nameIn', { lang: l.toUpperCase() })}
              <input name={`names.${l}`} maxLength={60} />
            </label>
          ))}
          <label>
            {t('minAmount')}
            <input name="minAmount" inputMode="decimal" />
            <FieldError errors={errors} name="minAmount" />
          </label>
          <label>
            {t('maxAmount')}
            <input name="maxAmount" inputMode="decimal" />
            <FieldError errors={errors} name="maxAmount" />
          </label>
        </div>
        <FieldError errors={errors} name="names" />
        <FieldRows fields={fields} onChange={setFields} errors={errors} />
        {add.isError ? <Notice kind="error">{failure(add.error)}</Notice> : null}
        <button type="submit" className="button button--primary" disabled={add.isPending} data-testid="method-add-save">
          {t('add')}
        </button>
      </form>
    </Modal>
  );
}
