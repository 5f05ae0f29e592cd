import type { CatalogDirectoryItem } from '@kupon/api/contract';
import { CatalogEntryKindSchema } from '@contract/catalog-settings';
import { SPORTS } from '@kupon/domain';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Columns, DataTable, tableCore } from '@/components/data-table';
import { Notice } from '@/components/field-error';
import { Pager } from '@/components/pager';
import { useMe } from '@/features/auth/api/session';
import { canWrite } from '@/features/auth/access';
import { type DirectorySearch, useCatalogSettings, useDirectory } from '@/features/catalog-settings/api/catalog-settings';
import { EntryForm } from '@/features/catalog-settings/components/entry-form';
import { SportsbookForm } from '@/features/catalog-settings/components/sportsbook-form';
import { bpInput } from '@/features/catalog-settings/utils/units';
import { useFailureText } from '@/lib/error-text';

const PAGE = 25;
const KINDS = CatalogEntryKindSchema.options;
type Tab = (typeof KINDS)[number] | 'sportsbook';
const column = createColumnHelper<typeof tableCore, CatalogDirectoryItem>();

/**
 * Catalog settings of this site (issue 8): sports, countries, leagues, teams, bet types and outcomes
 * (offered or not, order, names per language, a market's margin), each list searched and paged by
 * the server, and the sportsbook and live-betting settings.
 */
export default function CatalogPage() {
  const { t, i18n } = useTranslation(['catalog', 'common']);
  const failure = useFailureText();
  const me = useMe().data!;
  const editable = canWrite(me);
  const lang = i18n.language === 'en' ? 'en' : 'tr';
  const [tab, setTab] = useState<Tab>('tournament');
  const [search, setSearch] = useState<DirectorySearch>({ kind: 'tournament', configured: false, offset: 0, limit: PAGE });
  const [editing, setEditing] = useState<CatalogDirectoryItem | null>(null);
  const directory = useDirectory(search);
  const settings = useCatalogSettings();

  const open = (next: Tab) => {
    setTab(next);
    if (next !== 'sportsbook') setSearch({ kind: next, configured: false, offset: 0, limit: PAGE, sportId: search.sportId });
  };

  const columns = useMemo<Columns<CatalogDirectoryItem>>(
    () => [
      column.accessor('key', { header: () => t('key'), cell: (cell) => <span className="mono">{cell.getValue()}</span> }),
      column.display({ id: 'feedName', header: () => t('feedName'), cell: ({ row }) => row.original.feedName[lang] }),
      column.display({ id: 'context', header: () => t('context'), cell: ({ row }) => row.original.context?.[lang] ?? '' }),
      column.display({ id: 'siteName', header: () => t('siteName'), cell: ({ row }) => <span data-testid="entry-site-name">{row.original.names[lang] ?? ''}</span> }),
      column.accessor('enabled', {
        header: () => t('offered'),
        cell: (cell) => <span className={`status status--${cell.getValue() ? 'active' : 'passive'}`}>{t(cell.getValue() ? 'on' : 'off')}</span>,
      }),
      column.accessor('order', { header: () => t('order'), cell: (cell) => cell.getValue() ?? '' }),
      ...(search.kind === 'market'
        ? [column.accessor('marginBp', { header: () => t('margin'), cell: (cell) => <span data-testid="entry-margin">{cell.getValue() !== null ? `${bpInput(cell.getValue()!)} %` : ''}</span> })]
        : []),
      column.display({
        id: 'edit',
        header: () => '',
        cell: ({ row }) => (
          <button type="button" className="button" data-testid="edit-entry" onClick={() => setEditing(row.original)}>
            {t(editable ? 'edit' : 'view')}
          </button>
        ),
      }),
    ],
    [t, lang, search.kind, editable],
  );

  const find = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const sport = String(form.get('sportId') ?? '');
    setSearch({ ...search, search: String(form.get('search') ?? '').trim() || undefined, sportId: sport ? Number(sport) : undefined, configured: form.get('configured') === 'on', offset: 0 });
  };

  return (
    <section className="card" data-testid="page-catalog">
      <h1>{t('title')}</h1>
      <nav className="tabs">
        {[...KINDS, 'sportsbook' as const].map((kind) => (
          <button key={kind} type="button" className={kind === tab ? 'tab tab--active' : 'tab'} data-testid={`catalog-tab-${kind}`} onClick={() => open(kind)}>
            {t(`tabs.${kind}`)}
          </button>
        ))}
      </nav>
      {tab === 'sportsbook' ? (
        settings.isError ? (
          <Notice kind="error">{failure(settings.error)}</Notice>
        ) : settings.data ? (
          <SportsbookForm settings={settings.data.sportsbook} editable={editable} />
        ) : null
      ) : (
        <>
          <form className="filters" onSubmit={find} role="search" data-testid="catalog-search" key={search.kind}>
            <select name="sportId" aria-label={t('sport')} defaultValue={search.sportId ?? ''}>
              <option value="">{t('allSports')}</option>
              {SPORTS.map((sport) => (
                <option key={sport.id} value={sport.id}>
                  {sport.name[lang]}
                </option>
              ))}
            </select>
            <input name="search" placeholder={t('searchPlaceholder')} maxLength={40} defaultValue={search.search ?? ''} />
            <label className="check">
              <input type="checkbox" name="configured" defaultChecked={search.configured} />
              {t('configuredOnly')}
            </label>
            <button type="submit" className="button button--primary">
              {t('common:search')}
            </button>
          </form>
          {directory.isError ? <Notice kind="error">{failure(directory.error)}</Notice> : null}
          <DataTable columns={columns} data={directory.data?.items ?? []} rowId={(item) => `${item.kind}:${item.key}`} testId="entry-list" rowTestId="entry-row" loading={directory.isFetching} />
          <Pager offset={search.offset} limit={PAGE} total={directory.data?.total ?? 0} pageSize={directory.data?.items.length ?? 0} onOffset={(offset) => setSearch({ ...search, offset })} />
        </>
      )}
      {editing ? <EntryForm key={`${editing.kind}:${editing.key}`} item={editing} editable={editable} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
