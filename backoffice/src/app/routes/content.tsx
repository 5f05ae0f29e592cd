import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useMe } from '@/features/auth/api/session';
import { canWrite } from '@/features/auth/access';
import { BonusRequestsTab } from '@/features/content/components/bonus-requests-tab';
import { ItemsTab } from '@/features/content/components/items-tab';
import { useContentEditors } from '@/features/content/components/kinds';
import { NotificationsTab } from '@/features/content/components/notifications-tab';

const TABS = ['banners', 'pages', 'popups', 'notifications', 'bonuses', 'bonusRequests', 'languages', 'mailTemplates'] as const;
type Tab = (typeof TABS)[number];

function isTab(value: string | null): value is Tab {
  return (TABS as readonly (string | null)[]).includes(value);
}

/**
 * The site's content (issue 8 item 4): banners, static pages, popups, notifications, bonuses and the
 * players' requests of them, languages and e-mail templates. Admins and operators change them; the
 * regulator reads.
 */
export default function ContentPage() {
  const { t } = useTranslation('content');
  const editable = canWrite(useMe().data!);
  const editors = useContentEditors();
  // The tab is kept in the address (`?tab=bonusRequests`: the menu's waiting count leads there).
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = isTab(asked) ? asked : 'banners';
  const setTab = (next: Tab) => setParams(next === 'banners' ? {} : { tab: next }, { replace: true });
  return (
    <section className="card" data-testid="page-content">
      <h1>{t('title')}</h1>
      <nav className="tabs">
        {TABS.map((id) => (
          <button key={id} type="button" className={id === tab ? 'tab tab--active' : 'tab'} data-testid={`tab-${id}`} onClick={() => setTab(id)}>
            {t(`tabs.${id}`)}
          </button>
        ))}
      </nav>
      {tab === 'banners' ? <ItemsTab key={tab} editor={editors.banners} editable={editable} /> : null}
      {tab === 'pages' ? <ItemsTab key={tab} editor={editors.pages} editable={editable} /> : null}
      {tab === 'popups' ? <ItemsTab key={tab} editor={editors.popups} editable={editable} /> : null}
      {tab === 'languages' ? <ItemsTab key={tab} editor={editors.languages} editable={editable} /> : null}
      {tab === 'mailTemplates' ? <ItemsTab key={tab} editor={editors.mailTemplates} editable={editable} /> : null}
      {tab === 'bonuses' ? <ItemsTab key={tab} editor={editors.bonuses} editable={editable} /> : null}
      {tab === 'notifications' ? <NotificationsTab editable={editable} /> : null}
      {tab === 'bonusRequests' ? <BonusRequestsTab editable={editable} /> : null}
    </section>
  );
}
