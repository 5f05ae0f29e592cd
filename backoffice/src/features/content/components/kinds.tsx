import type { BannerView, BonusOfferView, LanguageView, MailTemplateView, PageView, PopupView } from '@kupon/api/contract';
import { BannerBody, BONUS_CATEGORIES, BonusOfferBody, LanguageBody, MAIL_TEMPLATE_KEYS, MailTemplateBody, PageBody, PopupBody } from '@contract/content';
import { MAIL_TEMPLATE_PLACEHOLDERS } from '@kupon/domain';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { tableCore } from '@/components/data-table';
import { amountInput, formatDateTime, formatMoney, parseAmount } from '@/lib/format';
import { CheckField, checked, FormGrid, instant, localized, LocalizedFields, SelectField, text, TextField, whole, WindowFields } from './fields';
import type { KindEditor } from './items-tab';

const banner = createColumnHelper<typeof tableCore, BannerView>();
const page = createColumnHelper<typeof tableCore, PageView>();
const popup = createColumnHelper<typeof tableCore, PopupView>();
const language = createColumnHelper<typeof tableCore, LanguageView>();
const template = createColumnHelper<typeof tableCore, MailTemplateView>();
const bonus = createColumnHelper<typeof tableCore, BonusOfferView>();

/** The text in the back office's language, else any. */
const shown = (texts: Readonly<Record<string, string>>, lang: string) => texts[lang] ?? Object.values(texts)[0] ?? '';
const money = (form: FormData, name: string) => parseAmount(text(form, name)) ?? text(form, name);

export interface ContentEditors {
  readonly banners: KindEditor<BannerView>;
  readonly pages: KindEditor<PageView>;
  readonly popups: KindEditor<PopupView>;
  readonly languages: KindEditor<LanguageView>;
  readonly mailTemplates: KindEditor<MailTemplateView>;
  readonly bonuses: KindEditor<BonusOfferView>;
}

/** Each content kind's list columns and form, validated with the api's own body schema. */
export function useContentEditors(): ContentEditors {
  const { t, i18n } = useTranslation('content');
  const lang = i18n.language === 'en' ? 'en' : 'tr';
  return useMemo(() => {
    const active = (on: boolean) => <span className={`status status--${on ? 'active' : 'passive'}`}>{t(on ? 'on' : 'off')}</span>;
    const windowText = (from: string | null, until: string | null) => (from || until ? `${formatDateTime(from)} – ${formatDateTime(until)}` : t('always'));
    const windowLabels = { from: t('from'), until: t('until') };

    const banners: KindEditor<BannerView> = {
      kind: 'banners',
      schema: BannerBody,
      columns: [
        banner.accessor('image', { header: () => t('image'), cell: (cell) => <img src={cell.getValue()} alt="" className="thumb" height={32} /> }),
        banner.accessor('title', { header: () => t('itemTitle') }),
        banner.accessor('area', { header: () => t('area') }),
        banner.accessor('order', { header: () => t('order') }),
        banner.accessor('languages', { header: () => t('languages'), cell: (cell) => (cell.getValue().length ? cell.getValue().join(', ') : t('allLanguages')) }),
        banner.display({ id: 'window', header: () => t('window'), cell: ({ row }) => windowText(row.original.from, row.original.until) }),
        banner.accessor('active', { header: () => t('active'), cell: (cell) => active(cell.getValue()) }),
      ],
      fields: (item, errors, disabled) => (
        <FormGrid>
          <TextField name="title" label={t('itemTitle')} errors={errors} disabled={disabled} defaultValue={item?.title ?? ''} />
          <TextField name="image" label={t('image')} errors={errors} disabled={disabled} defaultValue={item?.image ?? ''} />
          <TextField name="url" label={t('url')} errors={errors} disabled={disabled} defaultValue={item?.url ?? ''} />
          <TextField name="tag" label={t('tag')} errors={errors} disabled={disabled} defaultValue={item?.tag ?? ''} />
          <TextField name="area" label={t('area')} errors={errors} disabled={disabled} defaultValue={item?.area ?? 'home'} />
          <TextField name="order" label={t('order')} errors={errors} disabled={disabled} defaultValue={item?.order ?? 0} inputMode="numeric" />
          <TextField name="languages" label={t('languagesHint')} errors={errors} disabled={disabled} defaultValue={item?.languages.join(', ') ?? ''} />
          <WindowFields errors={errors} disabled={disabled} from={item?.from} until={item?.until} labels={windowLabels} />
          <CheckField name="active" label={t('active')} disabled={disabled} defaultChecked={item?.active ?? true} />
        </FormGrid>
      ),
      read: (form) => ({
        title: text(form, 'title').trim(),
        image: text(form, 'image').trim(),
        url: text(form, 'url').trim(),
        tag: text(form, 'tag').trim(),
        area: text(form, 'area').trim(),
        order: whole(form, 'order'),
        active: checked(form, 'active'),
        languages: text(form, 'languages').split(/[,\s]+/).filter(Boolean),
        from: instant(form, 'from'),
        until: instant(form, 'until'),
      }),
    };

    const pages: KindEditor<PageView> = {
      kind: 'pages',
      schema: PageBody,
      columns: [
        page.accessor('id', { header: () => t('id'), cell: (cell) => <span className="mono">{cell.getValue()}</span> }),
        page.display({ id: 'title', header: () => t('itemTitle'), cell: ({ row }) => shown(row.original.titles, lang) }),
        page.accessor('published', { header: () => t('published'), cell: (cell) => active(cell.getValue()) }),
      ],
      fields: (item, errors, disabled) => (
        <>
          <LocalizedFields name="titles" label={t('itemTitle')} errors={errors} disabled={disabled} values={item?.titles} />
          <LocalizedFields name="bodies" label={t('body')} errors={errors} disabled={disabled} values={item?.bodies} multiline />
          <CheckField name="published" label={t('published')} disabled={disabled} defaultChecked={item?.published ?? true} />
        </>
      ),
      read: (form, item) => ({ titles: localized(form, 'titles', item?.titles), bodies: localized(form, 'bodies', item?.bodies), published: checked(form, 'published') }),
    };

    const popups: KindEditor<PopupView> = {
      kind: 'popups',
      schema: PopupBody,
      columns: [
        popup.display({ id: 'title', header: () => t('itemTitle'), cell: ({ row }) => shown(row.original.titles, lang) }),
        popup.accessor('type', { header: () => t('popupType'), cell: (cell) => t(`popupTypes.${cell.getValue()}` as never) }),
        popup.accessor('type2', { header: () => t('popupWhere'), cell: (cell) => t(`popupWheres.${cell.getValue()}` as never) }),
        popup.accessor('autoClose', { header: () => t('autoClose') }),
        popup.display({ id: 'window', header: () => t('window'), cell: ({ row }) => windowText(row.original.from, row.original.until) }),
        popup.accessor('active', { header: () => t('active'), cell: (cell) => active(cell.getValue()) }),
      ],
      fields: (item, errors, disabled) => (
        <>
          <LocalizedFields name="titles" label={t('itemTitle')} errors={errors} disabled={disabled} values={item?.titles} />
          <LocalizedFields name="contents" label={t('content')} errors={errors} disabled={disabled} values={item?.contents} multiline />
          <FormGrid>
            <SelectField name="type" label={t('popupType')} errors={errors} disabled={disabled} defaultValue={String(item?.type ?? 2)} options={[0, 1, 2].map((v) => ({ value: String(v), text: t(`popupTypes.${v}` as never) }))} />
            <SelectField name="type2" label={t('popupWhere')} errors={errors} disabled={disabled} defaultValue={String(item?.type2 ?? 0)} options={[0, 1].map((v) => ({ value: String(v), text: t(`popupWheres.${v}` as never) }))} />
            <TextField name="autoClose" label={t('autoClose')} errors={errors} disabled={disabled} defaultValue={item?.autoClose ?? 0} inputMode="numeric" />
            <WindowFields errors={errors} disabled={disabled} from={item?.from} until={item?.until} labels={windowLabels} />
            <CheckField name="active" label={t('active')} disabled={disabled} defaultChecked={item?.active ?? true} />
          </FormGrid>
        </>
      ),
      read: (form, item) => ({
        titles: localized(form, 'titles', item?.titles),
        contents: localized(form, 'contents', item?.contents),
        type: whole(form, 'type'),
        type2: whole(form, 'type2'),
        autoClose: whole(form, 'autoClose'),
        active: checked(form, 'active'),
        from: instant(form, 'from'),
        until: instant(form, 'until'),
      }),
    };

    const languages: KindEditor<LanguageView> = {
      kind: 'languages',
      schema: LanguageBody,
      idLabel: 'code',
      columns: [
        language.accessor('id', { header: () => t('code'), cell: (cell) => <span className="mono">{cell.getValue()}</span> }),
        language.accessor('text', { header: () => t('languageName') }),
        language.accessor('directory', { header: () => t('directory'), cell: (cell) => t(`directions.${cell.getValue()}` as never) }),
        language.accessor('order', { header: () => t('order') }),
        language.accessor('status', { header: () => t('active'), cell: (cell) => active(cell.getValue()) }),
      ],
      fields: (item, errors, disabled) => (
        <FormGrid>
          <TextField name="text" label={t('languageName')} errors={errors} disabled={disabled} defaultValue={item?.text ?? ''} />
          <TextField name="icon" label={t('icon')} errors={errors} disabled={disabled} defaultValue={item?.icon ?? ''} />
          <SelectField name="directory" label={t('directory')} errors={errors} disabled={disabled} defaultValue={item?.directory ?? 'ltr'} options={(['ltr', 'rtl'] as const).map((d) => ({ value: d, text: t(`directions.${d}` as never) }))} />
          <TextField name="order" label={t('order')} errors={errors} disabled={disabled} defaultValue={item?.order ?? 0} inputMode="numeric" />
          <CheckField name="status" label={t('active')} disabled={disabled} defaultChecked={item?.status ?? true} />
        </FormGrid>
      ),
      read: (form) => ({ text: text(form, 'text').trim(), icon: text(form, 'icon').trim(), directory: text(form, 'directory'), status: checked(form, 'status'), order: whole(form, 'order') }),
    };

    const mailTemplates: KindEditor<MailTemplateView> = {
      kind: 'mail-templates',
      schema: MailTemplateBody,
      idLabel: 'mailKey',
      ids: MAIL_TEMPLATE_KEYS,
      columns: [
        template.accessor('id', { header: () => t('mailKey'), cell: (cell) => t(`mailKeys.${cell.getValue()}` as never) }),
        template.display({ id: 'subject', header: () => t('subject'), cell: ({ row }) => shown(row.original.subjects, lang) }),
        template.display({ id: 'langs', header: () => t('languages'), cell: ({ row }) => Object.keys(row.original.subjects).join(', ') }),
      ],
      fields: (item, errors, disabled) => (
        <>
          <p className="muted small" data-testid="placeholders">
            {t('placeholders', { list: (item ? MAIL_TEMPLATE_PLACEHOLDERS[item.id] : MAIL_TEMPLATE_PLACEHOLDERS.activation).map((name) => `{{${name}}}`).join(' ') })}
          </p>
          <LocalizedFields name="subjects" label={t('subject')} errors={errors} disabled={disabled} values={item?.subjects} />
          <LocalizedFields name="bodies" label={t('body')} errors={errors} disabled={disabled} values={item?.bodies} multiline />
        </>
      ),
      read: (form, item) => ({ subjects: localized(form, 'subjects', item?.subjects), bodies: localized(form, 'bodies', item?.bodies) }),
    };

    const bonuses: KindEditor<BonusOfferView> = {
      kind: 'bonuses',
      schema: BonusOfferBody,
      columns: [
        bonus.display({ id: 'title', header: () => t('itemTitle'), cell: ({ row }) => shown(row.original.titles, lang) }),
        bonus.accessor('category', { header: () => t('category'), cell: (cell) => t(`categories.${cell.getValue()}` as never) }),
        bonus.display({
          id: 'worth',
          header: () => t('worth'),
          cell: ({ row }) => [row.original.amount ? formatMoney(row.original.amount) : '', row.original.percent ? `%${row.original.percent}` : ''].filter(Boolean).join(' + ') || t('staffAmount'),
        }),
        bonus.accessor('multiplier', { header: () => t('multiplier'), cell: (cell) => `×${cell.getValue()}` }),
        bonus.accessor('oneUse', { header: () => t('oneUse'), cell: (cell) => t(cell.getValue() ? 'yes' : 'no') }),
        bonus.display({ id: 'window', header: () => t('window'), cell: ({ row }) => windowText(row.original.from, row.original.until) }),
        bonus.accessor('active', { header: () => t('active'), cell: (cell) => active(cell.getValue()) }),
      ],
      fields: (item, errors, disabled) => (
        <>
          <LocalizedFields name="titles" label={t('itemTitle')} errors={errors} disabled={disabled} values={item?.titles} />
          <LocalizedFields name="descriptions" label={t('description')} errors={errors} disabled={disabled} values={item?.descriptions} multiline />
          <FormGrid>
            <SelectField name="category" label={t('category')} errors={errors} disabled={disabled} defaultValue={item?.category ?? 'sport'} options={BONUS_CATEGORIES.map((c) => ({ value: c, text: t(`categories.${c}` as never) }))} />
            <TextField name="amount" label={t('fixedAmount')} errors={errors} disabled={disabled} defaultValue={amountInput(item?.amount ?? 0)} inputMode="decimal" />
            <TextField name="percent" label={t('percent')} errors={errors} disabled={disabled} defaultValue={item?.percent ?? 0} inputMode="numeric" />
            <TextField name="maxAmount" label={t('maxAmount')} errors={errors} disabled={disabled} defaultValue={item?.maxAmount ? amountInput(item.maxAmount) : ''} inputMode="decimal" />
            <TextField name="multiplier" label={t('multiplier')} errors={errors} disabled={disabled} defaultValue={item?.multiplier ?? 0} inputMode="numeric" />
            <WindowFields errors={errors} disabled={disabled} from={item?.from} until={item?.until} labels={windowLabels} />
            <CheckField name="oneUse" label={t('oneUse')} disabled={disabled} defaultChecked={item?.oneUse ?? true} />
            <CheckField name="active" label={t('active')} disabled={disabled} defaultChecked={item?.active ?? true} />
          </FormGrid>
          <p className="muted small">{t('bonusHint')}</p>
        </>
      ),
      read: (form, item) => ({
        titles: localized(form, 'titles', item?.titles),
        descriptions: localized(form, 'descriptions', item?.descriptions),
        category: text(form, 'category'),
        percent: whole(form, 'percent'),
        amount: money(form, 'amount'),
        maxAmount: text(form, 'maxAmount').trim() === '' ? null : money(form, 'maxAmount'),
        multiplier: whole(form, 'multiplier'),
        oneUse: checked(form, 'oneUse'),
        active: checked(form, 'active'),
        from: instant(form, 'from'),
        until: instant(form, 'until'),
      }),
    };

    return { banners, pages, popups, languages, mailTemplates, bonuses };
  }, [t, lang]);
}
