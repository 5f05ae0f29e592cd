import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CasinoProvider } from '../api/casino';
import type { CasinoPick } from '../types';

/** Spec §4 "Casino: provider menu": every game, the favourites, then each provider of the product. */
export function ProviderMenu({
  providers,
  pick,
  favouriteCount,
  onPick,
}: {
  providers: readonly CasinoProvider[];
  pick: CasinoPick;
  favouriteCount: number;
  onPick: (pick: CasinoPick) => void;
}) {
  const { t } = useTranslation('casino');
  const item = (key: string, label: string, target: CasinoPick, active: boolean, testId: string, extra?: ReactNode) => (
    <li key={key}>
      <button type="button" className={active ? 'casino-menu__item casino-menu__item--active' : 'casino-menu__item'} aria-pressed={active} data-testid={testId} onClick={() => onPick(target)}>
        <span>{label}</span>
        {extra}
      </button>
    </li>
  );
  return (
    <nav className="casino-menu" aria-label={t('providers')} data-testid="casino-menu">
      <ul>
        {item('all', t('allGames'), { kind: 'all' }, pick.kind === 'all', 'casino-all')}
        {item(
          'favourites',
          t('favourites'),
          { kind: 'favourites' },
          pick.kind === 'favourites',
          'casino-favourites',
          <span className="count" data-testid="casino-favourite-count">
            {favouriteCount}
          </span>,
        )}
        {providers.map((p) =>
          item(String(p.masterServiceId), p.name, { kind: 'provider', masterServiceId: p.masterServiceId }, pick.kind === 'provider' && pick.masterServiceId === p.masterServiceId, 'casino-provider'),
        )}
      </ul>
    </nav>
  );
}

/**
 * §4 "lobby flag 0 loads sub-providers": the studios of the picked aggregator as a second row, each
 * with its game count; every studio's games until one is picked.
 */
export function SubProviderMenu({ provider, company, onPick }: { provider: CasinoProvider; company: string | undefined; onPick: (pick: CasinoPick) => void }) {
  const { t } = useTranslation('casino');
  const { masterServiceId } = provider;
  const item = (key: string, label: string, count: number, target: string | undefined, testId: string) => {
    const active = company === target;
    return (
      <li key={key}>
        <button
          type="button"
          className={active ? 'casino-menu__item casino-menu__item--active' : 'casino-menu__item'}
          aria-pressed={active}
          data-testid={testId}
          onClick={() => onPick(target === undefined ? { kind: 'provider', masterServiceId } : { kind: 'provider', masterServiceId, company: target })}
        >
          <span>{label}</span>
          <span className="count">{count}</span>
        </button>
      </li>
    );
  };
  return (
    <nav className="casino-menu casino-subs" aria-label={t('subProviders', { provider: provider.name })} data-testid="casino-sub-providers">
      <ul>
        {item('all', t('allSubProviders'), provider.games, undefined, 'casino-sub-all')}
        {provider.subProviders.map((sub) => item(sub.name, sub.name, sub.games, sub.name, 'casino-sub-provider'))}
      </ul>
    </nav>
  );
}
