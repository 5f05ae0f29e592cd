import type { CasinoItem } from '@kupon/api/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { EmptyState } from '@/components/empty-state';
import { isApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { useCasinoGames, useCasinoProviders, useOpenGame } from '../api/casino';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { TvLogos } from '@/features/site/components/tv-logos';
import { gamesNamed, highlightsOf, namedFirst } from '../highlights';
import { useFavouritesStore } from '../stores/favourites-store';
import { CASINO_ORDERS, CASINO_SEARCH_MIN_LENGTH, type CasinoOrder, type CasinoPick, type CasinoProduct, openOutcome, paramsWithPick, pickFromParams, PRODUCT_ROUTE, searchTerm } from '../types';
import { GameGrid } from './game-grid';
import { GamePopup, type GameShown } from './game-popup';
import { ProviderMenu, SubProviderMenu } from './provider-menu';
import './casino.css';

export interface CasinoPageProps {
  readonly product: CasinoProduct;
  readonly loggedIn: boolean;
  /** A guest (or an expired session) who opens a game is asked to log in. */
  readonly onLoginRequired: () => void;
  /** The game popup's deposit (1) and withdraw (2) buttons; none without it. */
  readonly onMoney?: (type: 1 | 2) => void;
  /** Where a game that does not run in a frame sends the window. */
  readonly redirect?: (url: string) => void;
}

interface Notice {
  readonly key: string;
  readonly params: readonly string[];
}

const sameWindow = (url: string) => window.location.assign(url);

/**
 * Spec §2 /casino (slots), /livecasino, /bingo, /virtualgames and /tvgames, §4 Casino: the product's
 * provider menu; picking one loads its games, and picking an aggregator (lobby flag 0) also shows its
 * sub-providers (studios), of which picking one loads that studio's games; the pick is in the address;
 * search; favourites kept on this device; opening a game frames it in the game popup, sends the
 * window to it, or (status false) closes the popup and shows the server's message as an error (§8).
 */
export function CasinoPage({ product, loggedIn, onLoginRequired, onMoney, redirect = sameWindow }: CasinoPageProps) {
  const { t } = useTranslation('casino');
  const errorText = useErrorText();
  const { lang = 'tr' } = useParams();
  const [params, setParams] = useSearchParams();
  const pick = pickFromParams(params);
  const [text, setText] = useState('');
  const [order, setOrder] = useState<CasinoOrder>('listOrder');
  const search = searchTerm(text);
  const favourites = useFavouritesStore((s) => s.serviceIds);

  const providers = useCasinoProviders(product);
  const picked = pick.kind === 'provider' ? providers.data?.find((p) => p.masterServiceId === pick.masterServiceId) : undefined;
  // A sub-provider is a lobby-0 provider's; on one known to be lobby 1 an address's `sub` is ignored.
  const company = pick.kind === 'provider' && picked?.lobby !== 1 ? pick.company : undefined;
  const games = useCasinoGames({ product, masterServiceId: pick.kind === 'provider' ? pick.masterServiceId : undefined, company, search, order }, lang);
  // §3 id lists: the operator's picks first (virtual, TV games) and, on the whole unsearched list, "top" and "new" sections.
  const highlights = highlightsOf(product, useSiteSettings());
  const listed = namedFirst(
    (games.data ?? []).filter((g) => pick.kind !== 'favourites' || favourites.includes(g.serviceId)),
    highlights.first,
  );
  const sections =
    pick.kind === 'all' && !search
      ? (
          [
            ['top', gamesNamed(listed, highlights.top)],
            ['new', gamesNamed(listed, highlights.fresh)],
          ] as const
        ).filter(([, shown]) => shown.length > 0)
      : [];

  const client = useQueryClient();
  const openGame = useOpenGame();
  const [playing, setPlaying] = useState<{ game: CasinoItem; shown: GameShown | null } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  // Each opening gets a number; an answer for one the player already closed is dropped.
  const attempt = useRef(0);

  const choose = (next: CasinoPick) => setParams((current) => paramsWithPick(current, next), { replace: true });

  const open = (game: CasinoItem) => {
    if (!loggedIn) {
      onLoginRequired();
      return;
    }
    const mine = ++attempt.current;
    setNotice(null);
    setPlaying({ game, shown: null });
    openGame.mutate(
      { serviceId: game.serviceId, masterServiceId: game.masterServiceId, lang },
      {
        onSuccess: (answer) => {
          if (mine !== attempt.current) return;
          const outcome = openOutcome(answer);
          if (outcome.kind === 'error') {
            setPlaying(null);
            setNotice({ key: outcome.key, params: outcome.params });
          } else if (outcome.kind === 'redirect') {
            setPlaying(null);
            redirect(outcome.url);
          } else {
            setPlaying({ game, shown: outcome });
          }
        },
        onError: (error) => {
          if (mine !== attempt.current) return;
          setPlaying(null);
          if (isApiError(error) && (error.status === 401 || error.key === 'loginRequired')) onLoginRequired();
          else setNotice(isApiError(error) ? { key: error.key, params: error.params } : { key: 'tecnicalProblemContent', params: [] });
        },
      },
    );
  };

  const close = useCallback(() => {
    attempt.current += 1;
    setPlaying(null);
    // The game moved money on the wallet: the header's balance is read again.
    void client.invalidateQueries({ queryKey: ['user'] });
  }, [client]);

  const heading = pick.kind === 'favourites' ? t('favourites') : (company ?? picked?.name ?? t('allGames'));

  return (
    <section className="page casino" data-testid={`page-${PRODUCT_ROUTE[product]}`}>
      <h1>{t(`titles.${product}`)}</h1>
      {product === 'tvgames' && <TvLogos />}
      {notice && (
        <div className="notice notice--error casino__notice" role="alert" data-testid="casino-error">
          <span>{errorText(notice.key, notice.params)}</span>
          <button type="button" className="link-button" aria-label={t('dismiss')} onClick={() => setNotice(null)}>
            ×
          </button>
        </div>
      )}
      <div className="casino__body">
        <aside className="casino__side">
          {providers.isPending ? (
            <div className="page-loading" aria-busy="true" data-testid="casino-providers-loading" />
          ) : (
            <>
              <ProviderMenu providers={providers.data ?? []} pick={pick} favouriteCount={favourites.length} onPick={choose} />
              {providers.data?.length === 0 && <EmptyState title={t('noProviders')} />}
            </>
          )}
        </aside>
        <div className="casino__list">
          {picked?.lobby === 0 && <SubProviderMenu provider={picked} company={company} onPick={choose} />}
          <div className="casino__toolbar">
            <h2>{heading}</h2>
            <input
              type="search"
              className="casino__search"
              value={text}
              placeholder={t('searchPlaceholder', { min: CASINO_SEARCH_MIN_LENGTH })}
              aria-label={t('search')}
              data-testid="casino-search"
              onChange={(e) => setText(e.target.value)}
            />
            <label className="casino__order">
              <span className="sr-only">{t('order')}</span>
              <select value={order} aria-label={t('order')} onChange={(e) => setOrder(e.target.value as CasinoOrder)}>
                {CASINO_ORDERS.map((o) => (
                  <option key={o} value={o}>
                    {t(`orders.${o}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          {games.isFetching && !games.isPending && <div className="progress" aria-busy="true" />}
          {games.isPending ? (
            <div className="page-loading" aria-busy="true" data-testid="casino-loading" />
          ) : games.isError ? (
            <p className="notice notice--error" role="alert">
              {isApiError(games.error) ? errorText(games.error.key, games.error.params) : errorText('tecnicalProblemContent')}
            </p>
          ) : listed.length > 0 ? (
            <>
              {sections.map(([kind, shown]) => (
                <section key={kind} className="casino__highlight" data-testid={`casino-${kind}`}>
                  <h3>{t(kind === 'top' ? 'topGames' : 'newGames')}</h3>
                  <GameGrid games={shown} onOpen={open} opening={playing !== null} />
                </section>
              ))}
              <GameGrid games={listed} onOpen={open} opening={playing !== null} />
            </>
          ) : (
            <EmptyState title={search ? t('noSearchResults', { search }) : pick.kind === 'favourites' ? t('noFavourites') : t('noGames')} />
          )}
        </div>
      </div>
      {playing && <GamePopup game={playing.game} shown={playing.shown} onClose={close} {...(onMoney ? { onMoney } : {})} />}
    </section>
  );
}
