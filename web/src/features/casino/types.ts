import type { CasinoItem, CasinoOpen } from '@kupon/api/contract';
import type { RouteId } from '@/config/routes';
import { parseErrorText } from '@/lib/api-client';

/**
 * The game pages of spec §2, one per product: /casino lists slots (slotUser), /livecasino live tables
 * (casinoUser), /bingo the live bingo / tombala (bingoUser), /virtualgames virtual games (virtualUser),
 * /tvgames TV games (tvgamesUser), and the external-game pages /racing, /lotto, /virtualleague,
 * /betgames, /mintGaming, /virtualSports (each its own product, api/EXTERNAL-GAMES.md). One page
 * component serves them all, the product its parameter.
 */
export type CasinoProduct = CasinoItem['product'];

/** The route (config/routes.ts id and path) that lists each product. */
export const PRODUCT_ROUTE: Readonly<Record<CasinoProduct, RouteId>> = {
  slot: 'casino',
  livecasino: 'livecasino',
  bingo: 'bingo',
  virtual: 'virtualgames',
  tvgames: 'tvgames',
  racing: 'racing',
  lotto: 'lotto',
  virtualleague: 'virtualleague',
  betgames: 'betgames',
  mintGaming: 'mintGaming',
  virtualSports: 'virtualSports',
};

/** The product a route lists (slots for a route that is none of them). */
export function productOfRoute(routeId: string | undefined): CasinoProduct {
  return (Object.keys(PRODUCT_ROUTE) as CasinoProduct[]).find((product) => PRODUCT_ROUTE[product] === routeId) ?? 'slot';
}

/** Spec §9 "search keyword min 3": shorter text lists everything. */
export const CASINO_SEARCH_MIN_LENGTH = 3;
/** Spec §9 "casino all-games 1000". */
export const CASINO_LIST_LIMIT = 1000;

export type CasinoOrder = 'listOrder' | 'title';
export const CASINO_ORDERS: readonly CasinoOrder[] = ['listOrder', 'title'];

/**
 * What the provider menu has picked: every provider, one provider (masterServiceId) — of an
 * aggregator (lobby 0) perhaps one of its sub-providers, the studio's `company` — or the favourites.
 */
export type CasinoPick = { readonly kind: 'all' } | { readonly kind: 'provider'; readonly masterServiceId: number; readonly company?: string } | { readonly kind: 'favourites' };

/** The address's parameters of the pick: `?provider=900`, `?provider=940&sub=Nova%20Reels`, `?provider=favourites`. */
const PROVIDER_PARAM = 'provider';
const SUB_PARAM = 'sub';

/** The menu pick kept in the address, so back, forward and reload keep it. */
export function pickFromParams(params: URLSearchParams): CasinoPick {
  const value = params.get(PROVIDER_PARAM);
  if (value === 'favourites') return { kind: 'favourites' };
  if (value && /^\d+$/.test(value)) {
    const company = params.get(SUB_PARAM)?.trim();
    return company ? { kind: 'provider', masterServiceId: Number(value), company } : { kind: 'provider', masterServiceId: Number(value) };
  }
  return { kind: 'all' };
}

/** The address's parameters with `pick` in them (the others kept). */
export function paramsWithPick(params: URLSearchParams, pick: CasinoPick): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(PROVIDER_PARAM);
  next.delete(SUB_PARAM);
  switch (pick.kind) {
    case 'all':
      break;
    case 'provider':
      next.set(PROVIDER_PARAM, String(pick.masterServiceId));
      if (pick.company) next.set(SUB_PARAM, pick.company);
      break;
    case 'favourites':
      next.set(PROVIDER_PARAM, 'favourites');
      break;
    default: {
      const never: never = pick;
      return never;
    }
  }
  return next;
}

/** The search text the api is asked for, or undefined below the §9 minimum. */
export function searchTerm(text: string): string | undefined {
  const term = text.trim();
  return term.length >= CASINO_SEARCH_MIN_LENGTH ? term : undefined;
}

/**
 * What opening a game leads to (spec §4 "open returns redirect, popup payload or error"):
 * - `frame`: the game in the game popup's frame (content.iframe true and an http(s)-like address);
 * - `markup`: content.iframe true but the address is markup (§5 "Game address is a frame source only
 *   if http(s)-like, otherwise rendered as markup"), drawn in a sandboxed frame;
 * - `redirect`: content.iframe false, the window goes to the game;
 * - `error`: status false (§8: the popup closes and the server's msg shows as an error), a §8 key.
 */
export type OpenOutcome =
  | { readonly kind: 'frame'; readonly src: string; readonly frameId: string }
  | { readonly kind: 'markup'; readonly html: string; readonly frameId: string }
  | { readonly kind: 'redirect'; readonly url: string }
  | { readonly kind: 'error'; readonly key: string; readonly params: readonly string[] };

/** An absolute http(s) address, or one on this site (starting with a single slash). */
export function isFrameAddress(address: string): boolean {
  const text = address.trim();
  return /^https?:\/\//i.test(text) || /^\/(?!\/)/.test(text);
}

export function openOutcome(answer: CasinoOpen): OpenOutcome {
  if (!answer.status || !answer.content) {
    const { key, params } = parseErrorText(answer.msg || 'tecnicalProblemContent');
    return { kind: 'error', key: key || 'tecnicalProblemContent', params };
  }
  const { iframe, gameurl, iframeId } = answer.content;
  if (!iframe) return { kind: 'redirect', url: gameurl };
  return isFrameAddress(gameurl) ? { kind: 'frame', src: gameurl.trim(), frameId: iframeId } : { kind: 'markup', html: gameurl, frameId: iframeId };
}
