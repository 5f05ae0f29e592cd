import { EXTERNAL_GAME_PRODUCTS, PRODUCT_FLAG } from '@kupon/domain';

/**
 * Every route of spec §2, under `/:lang`. `access` says who may open it; `layout` what is hidden.
 * The guard rules themselves are in `guards.ts`.
 */
export type Access =
  | { readonly kind: 'open' }
  /** Spec §2 "logged-out only". `registration`: also blocked when register_disabled. */
  | { readonly kind: 'loggedOut'; readonly registration?: boolean }
  /** Login required; `flags` a pipe list of product flags, any one suffices; `role` only that role (a terminal's cash screen). */
  | { readonly kind: 'login'; readonly flags?: string; readonly online?: boolean; readonly affiliate?: boolean; readonly role?: string }
  /** A product-flag route (§2 "A permission-flag route goes to Home unless the flag status is 1"). */
  | { readonly kind: 'flag'; readonly flags: string };

export type RouteId =
  | 'home'
  | 'firstlogin'
  | 'google'
  | 'register'
  | 'activation'
  | 'sports'
  | 'livebets'
  | 'casino'
  | 'livecasino'
  | 'bingo'
  | 'tvgames'
  | 'virtualgames'
  | 'promotions'
  | 'couponShare'
  | 'results'
  | 'page'
  | 'transactions'
  | 'transferRequest'
  | 'deposit'
  | 'withdraw'
  | 'changePassword'
  | 'userInformation'
  | 'notifications'
  | 'coupons'
  | 'affiliate'
  | 'affiliateBanner'
  | 'forgotPassword'
  | 'resetPassword'
  | 'loginwithuser'
  | 'handlogin'
  | 'racing'
  | 'lotto'
  | 'virtualleague'
  | 'betgames'
  | 'mintGaming'
  | 'virtualSports'
  | 'match'
  | 'ticketCheck'
  | 'contact'
  | 'terminal';

export interface RouteDef {
  readonly id: RouteId;
  /** Paths below `/:lang`, react-router syntax ('' is the home). */
  readonly paths: readonly string[];
  readonly access: Access;
  readonly hideHeader?: boolean;
  readonly hideFooter?: boolean;
}

const open: Access = { kind: 'open' };
const login: Access = { kind: 'login' };

export const ROUTES: readonly RouteDef[] = [
  { id: 'home', paths: [''], access: open },
  { id: 'firstlogin', paths: ['firstlogin'], access: { kind: 'loggedOut' }, hideHeader: true, hideFooter: true },
  { id: 'google', paths: ['google'], access: open },
  { id: 'register', paths: ['register', 'register/:affcode'], access: { kind: 'loggedOut', registration: true } },
  { id: 'activation', paths: ['activation/:activationcode'], access: open },
  { id: 'sports', paths: ['sports'], access: { kind: 'flag', flags: 'sportUser' }, hideFooter: true },
  // Match detail with all markets (issue 7 item 3); inside the sports product.
  { id: 'match', paths: ['sports/match/:matchId'], access: { kind: 'flag', flags: 'sportUser' }, hideFooter: true },
  { id: 'livebets', paths: ['livebets', 'livebets/:keyWord'], access: { kind: 'flag', flags: 'liveUser' }, hideFooter: true },
  { id: 'casino', paths: ['casino'], access: { kind: 'flag', flags: 'slotUser' } },
  { id: 'livecasino', paths: ['livecasino'], access: { kind: 'flag', flags: 'casinoUser' } },
  { id: 'bingo', paths: ['bingo'], access: { kind: 'flag', flags: 'bingoUser' } },
  { id: 'tvgames', paths: ['tvgames'], access: { kind: 'flag', flags: 'tvgamesUser' } },
  { id: 'virtualgames', paths: ['virtualgames'], access: { kind: 'flag', flags: 'virtualUser' } },
  { id: 'promotions', paths: ['promotions'], access: open },
  { id: 'couponShare', paths: ['couponShare/:id'], access: open },
  { id: 'results', paths: ['results'], access: open },
  { id: 'page', paths: ['page/:id'], access: open },
  { id: 'transactions', paths: ['transactions'], access: login },
  { id: 'transferRequest', paths: ['transferRequest'], access: login },
  { id: 'deposit', paths: ['deposit'], access: login },
  { id: 'withdraw', paths: ['withdraw'], access: login },
  { id: 'changePassword', paths: ['changePassword'], access: login },
  { id: 'userInformation', paths: ['userInformation'], access: login },
  { id: 'notifications', paths: ['notifications'], access: login },
  { id: 'coupons', paths: ['coupons'], access: { kind: 'login', flags: 'liveUser|sportUser' } },
  { id: 'affiliate', paths: ['affiliate'], access: { kind: 'login', online: true, affiliate: true } },
  { id: 'affiliateBanner', paths: ['affiliateBanner'], access: { kind: 'login', online: true, affiliate: true } },
  { id: 'forgotPassword', paths: ['forgotPassword'], access: { kind: 'loggedOut' } },
  { id: 'resetPassword', paths: ['resetPassword/:passCode'], access: { kind: 'loggedOut' } },
  { id: 'loginwithuser', paths: ['loginwithuser'], access: open, hideHeader: true, hideFooter: true },
  { id: 'handlogin', paths: ['handlogin'], access: open, hideHeader: true, hideFooter: true },
  // Spec §7 pinSearch / ticketCheckTerminal: a ticket by the code on its slip, for anyone.
  { id: 'ticketCheck', paths: ['ticketCheck', 'ticketCheck/:code'], access: open },
  // Spec §2 contact form: guests (with the security code) and players alike.
  { id: 'contact', paths: ['contact'], access: open },
  // Spec §7 terminal/deposit and withdrawPrinterNew: a terminal's cash in and out (api/TERMINAL-CASH.md).
  { id: 'terminal', paths: ['terminal'], access: { kind: 'login', role: 'terminal' } },
  // §2 external-game pages: each a casino product named as its route, behind the product flag it is
  // played under (domain PRODUCT_FLAG; api/EXTERNAL-GAMES.md says why these flags).
  ...EXTERNAL_GAME_PRODUCTS.map((id): RouteDef => ({ id, paths: [id], access: { kind: 'flag', flags: PRODUCT_FLAG[id] } })),
];

export function routeById(id: RouteId): RouteDef {
  const route = ROUTES.find((r) => r.id === id);
  if (!route) throw new Error(`unknown route ${id}`);
  return route;
}
