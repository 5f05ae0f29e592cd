import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError } from '@/components/field-error';
import type { FieldErrors } from '@/lib/form';

/** The languages the back office writes texts in; texts in other languages a site keeps are left as they are. */
export const TEXT_LANGUAGES = ['tr', 'en'] as const;

export interface FieldProps {
  readonly name: string;
  readonly errors: FieldErrors;
  readonly disabled: boolean;
}

/** A labelled input with its translated refusal. */
export function TextField({ name, label, errors, disabled, defaultValue, type = 'text', inputMode }: FieldProps & { label: string; defaultValue: string | number; type?: string; inputMode?: 'numeric' | 'decimal' }) {
  return (
    <label>
      {label}
      <input name={name} type={type} defaultValue={defaultValue} disabled={disabled} inputMode={inputMode} data-testid={`field-${name}`} />
      <FieldError errors={errors} name={name} />
    </label>
  );
}

export function CheckField({ name, label, disabled, defaultChecked }: Omit<FieldProps, 'errors'> & { label: string; defaultChecked: boolean }) {
  return (
    <label className="check">
      <input type="checkbox" name={name} defaultChecked={defaultChecked} disabled={disabled} data-testid={`field-${name}`} /> {label}
    </label>
  );
}

export function SelectField({ name, label, errors, disabled, defaultValue, options }: FieldProps & { label: string; defaultValue: string; options: readonly { value: string; text: string }[] }) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={defaultValue} disabled={disabled} data-testid={`field-${name}`}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </select>
      <FieldError errors={errors} name={name} />
    </label>
  );
}

/** One input (or text area) per language for a text kept per language (`titles.tr`, `titles.en`). */
export function LocalizedFields({ name, label, errors, disabled, values, multiline = false }: FieldProps & { label: string; values: Readonly<Record<string, string>> | undefined; multiline?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <fieldset className="localized">
      <legend>{label}</legend>
      {TEXT_LANGUAGES.map((lang) => {
        const field = `${name}.${lang}`;
        return (
          <label key={lang}>
            {t(`languages.${lang}`)}
            {multiline ? (
              <textarea name={field} rows={5} defaultValue={values?.[lang] ?? ''} disabled={disabled} data-testid={`field-${field}`} />
            ) : (
              <input name={field} defaultValue={values?.[lang] ?? ''} disabled={disabled} data-testid={`field-${field}`} />
            )}
            <FieldError errors={errors} name={field} />
          </label>
        );
      })}
      <FieldError errors={errors} name={name} />
    </fieldset>
  );
}

/** A date window's two ends as local date-times. */
export function WindowFields({ errors, disabled, from, until, labels }: Omit<FieldProps, 'name'> & { from: string | null | undefined; until: string | null | undefined; labels: { from: string; until: string } }) {
  return (
    <>
      <TextField name="from" label={labels.from} type="datetime-local" errors={errors} disabled={disabled} defaultValue={isoToLocalInput(from)} />
      <TextField name="until" label={labels.until} type="datetime-local" errors={errors} disabled={disabled} defaultValue={isoToLocalInput(until)} />
    </>
  );
}

export function FormGrid({ children }: { children: ReactNode }) {
  return <div className="form--grid">{children}</div>;
}

// Reading a submitted form into the shape the api's schema checks: what cannot be read goes as it
// was typed, so the schema names the field.

export const text = (form: FormData, name: string) => String(form.get(name) ?? '');
export const checked = (form: FormData, name: string) => form.get(name) !== null;
export const whole = (form: FormData, name: string) => {
  const value = text(form, name).trim();
  return /^-?\d+$/.test(value) ? Number(value) : value;
};

/** The texts per language: the ones edited here over the ones the item keeps in other languages. */
export function localized(form: FormData, name: string, kept: Readonly<Record<string, string>> | undefined): Record<string, string> {
  const texts: Record<string, string> = { ...kept };
  for (const lang of TEXT_LANGUAGES) {
    const value = text(form, `${name}.${lang}`).trim();
    if (value) texts[lang] = value;
    else delete texts[lang];
  }
  return texts;
}

/** A local date-time input as an ISO instant; empty is no bound (null). */
export function instant(form: FormData, name: string): string | null {
  const value = text(form, name);
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : date.toISOString();
}

function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
