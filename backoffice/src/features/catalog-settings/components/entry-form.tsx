import type { CatalogDirectoryItem } from '@kupon/api/contract';
import { CatalogEntryChanges } from '@contract/catalog-settings';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldError, Notice } from '@/components/field-error';
import { Modal } from '@/components/modal';
import { useFailureText } from '@/lib/error-text';
import { type FieldErrors, validate } from '@/lib/form';
import { LANGUAGES } from '@/lib/language';
import { useConfigureEntry } from '../api/catalog-settings';
import { bpInput, parseBp } from '../utils/units';

/** A whole number typed, or the text as it is for the schema to refuse; undefined when empty (unchanged). */
function wholeOrText(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/**
 * One catalog entry on this site: offered or not, its place in the lists, its name per language and,
 * for a market, the margin taken off every price. Empty fields keep their value; validated with the
 * api's own `CatalogEntryChanges`.
 */
export function EntryForm({ item, editable, onClose }: { item: CatalogDirectoryItem; editable: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('catalog');
  const failure = useFailureText();
  const configure = useConfigureEntry();
  const [errors, setErrors] = useState<FieldErrors>({});
  const lang = i18n.language === 'en' ? 'en' : 'tr';
  const market = item.kind === 'market';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const names = Object.fromEntries(LANGUAGES.map((l) => [l, text(`names.${l}`).trim()]).filter(([, name]) => name !== ''));
    const margin = text('marginBp').trim();
    const checked = validate(CatalogEntryChanges, {
      enabled: form.get('enabled') === 'on',
      order: wholeOrText(text('order')),
      ...(Object.keys(names).length ? { names } : {}),
      ...(market && margin !== '' ? { marginBp: parseBp(margin) ?? margin } : {}),
    });
    setErrors(checked.ok ? {} : checked.errors);
    if (checked.ok) configure.mutate({ kind: item.kind, key: item.key, changes: checked.data }, { onSuccess: onClose });
  };

  return (
    <Modal title={t('editTitle', { name: item.names[lang] ?? item.feedName[lang] })} onClose={onClose} testId="entry-form">
      <form className="form" onSubmit={submit} noValidate>
        <p className="muted small">
          {t(`kinds.${item.kind}`)} · {item.key}
          {item.context ? ` · ${item.context[lang]}` : ''} · {t('feedName')}: {item.feedName[lang]}
        </p>
        <label className="check">
          <input type="checkbox" name="enabled" defaultChecked={item.enabled} disabled={!editable} />
          {t('offered')}
        </label>
        <div className="form--grid">
          <label>
            {t('order')}
            <input name="order" inputMode="numeric" defaultValue={item.order ?? ''} placeholder={t('feedOrder')} disabled={!editable} />
            <FieldError errors={errors} name="order" />
          </label>
          {LANGUAGES.map((l) => (
            <label key={l}>
              {t('nameIn', { lang: l.toUpperCase() })}
              <input name={`names.${l}`} maxLength={100} placeholder={item.feedName[l]} defaultValue={item.names[l] ?? ''} disabled={!editable} />
              <FieldError errors={errors} name={`names.${l}`} />
            </label>
          ))}
          {market ? (
            <label>
              {t('marginPercent')}
              <input name="marginBp" inputMode="decimal" defaultValue={item.marginBp !== null ? bpInput(item.marginBp) : ''} placeholder="0" disabled={!editable} />
              <FieldError errors={errors} name="marginBp" />
            </label>
          ) : null}
        </div>
        <p className="muted small">{t(market ? 'marketHint' : 'entryHint')}</p>
        {configure.isError ? (
          <Notice kind="error" testId="entry-error">
            {failure(configure.error)}
          </Notice>
        ) : null}
        {editable ? (
          <button type="submit" className="button button--primary" disabled={configure.isPending} data-testid="entry-save">
            {t('save')}
          </button>
        ) : null}
      </form>
    </Modal>
  );
}
