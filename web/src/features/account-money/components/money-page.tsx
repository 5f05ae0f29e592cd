import { useTranslation } from 'react-i18next';
import { MoneyPanel } from './money-panel';

/**
 * The /deposit (1) and /withdraw (2) routes: the money popup's content as a page. A brand whose
 * money goes through its live chat (the header opens the chat instead of the popup) gets a link to
 * that chat here: `chatUrl` is the chat page, '' when the brand uses the popups.
 */
export function MoneyPage({ type, chatUrl }: { type: 1 | 2; chatUrl: string }) {
  const { t } = useTranslation(['money', 'layout']);
  return (
    <section className="page" data-testid={type === 1 ? 'page-deposit' : 'page-withdraw'}>
      <h1>{type === 1 ? t('layout:deposit') : t('layout:withdraw')}</h1>
      {chatUrl ? (
        <div className="empty-state" data-testid="money-live-chat">
          <p>{t('money:liveChatText')}</p>
          <a className="button button--primary" href={chatUrl} target="_blank" rel="noopener noreferrer">
            {t('money:openLiveChat')}
          </a>
        </div>
      ) : (
        <MoneyPanel type={type} />
      )}
    </section>
  );
}
