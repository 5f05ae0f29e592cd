import { z } from 'zod';
import { AsOf, ReportQuery } from './reports';

/**
 * Wire shapes of the casino context. Amounts are integer minor units; margins integer basis points.
 *
 * Players (spec §4 Casino, §7 casino calls):
 *
 *   GET  /casino/providers?product=                   CasinoProviders  the provider menu: masterServiceId, name, game count (of one product),
 *                                                                      lobby flag and sub-providers (below)
 *   GET  /casino/games?masterServiceId=&company=&limit=1000&order=&search=&product=
 *                                                     CasinoGames      getAllCasinos: the §3 casino/slot items
 *   GET  /casino/casinos/get/tombalalive?lang=         CasinoGames      the live bingo (tombala) games
 *   POST /casino/casinos/open { serviceId, masterServiceId?, gameId?, limitId?, tableId? }
 *                                                     CasinoOpen       { status, msg, content: { iframe, gameurl, iframeId } }:
 *                                                                      status false with a msg key when the game cannot open
 *
 * Providers (seamless wallet; the body is signed: HMAC-SHA256 over the exact body with the
 * provider's secret, hex, in its signature header — `x-casino-signature` for the built-in demo; a
 * bad signature is 401 `invalidSignature` and writes nothing):
 *
 *   POST /casino/wallet/:provider/balance  { session }                                        CasinoWalletAnswer
 *   POST /casino/wallet/:provider/bet      { session, transactionId, roundId, serviceId, amount, currency }
 *   POST /casino/wallet/:provider/win      { session, transactionId, roundId, serviceId, amount, currency }
 *   POST /casino/wallet/:provider/rollback { session, transactionId, betTransactionId, roundId, serviceId }
 *
 * Each transaction moves money once: a replayed callback answers the balance again and changes
 * nothing. `session` is the token the game was opened with (casinos/open hands it to the provider).
 *
 * Back office: GET /reports/casino?groupBy=day|game|provider|player|product (+ ReportQuery) CasinoReport.
 *
 * Sub-providers (§4 "lobby flag 0 loads sub-providers"): a provider (masterServiceId) may be an
 * aggregator carrying games of several studios, each game's studio being its `company_name`. The
 * catalogue carries no provider-level lobby flag (a game's `openLobby` says whether that one game
 * opens a lobby of its own), so each provider's `lobby` is derived from the catalogue: 0 when its
 * games (of the asked product) come from more than one studio — picking it shows its
 * `subProviders` first, and `games?masterServiceId=&company=` lists one studio's games — and 1
 * otherwise, where picking it loads its games as before. `subProviders` lists every studio by name
 * (one for a lobby-1 provider) with its game count. An aggregator names itself in its games'
 * `masterServiceName`; any other provider is named after its studio (domain/src/casino/provider-menu.ts).
 */

/**
 * slot (/casino), livecasino, bingo (tombala), virtual (virtual games), tvgames (TV games), and the
 * §2 external-game pages racing, lotto, virtualleague, betgames, mintGaming, virtualSports (each
 * named as its route; api/EXTERNAL-GAMES.md): one catalogue and wallet for all.
 */
export const CasinoProduct = z.enum(['slot', 'livecasino', 'bingo', 'virtual', 'tvgames', 'racing', 'lotto', 'virtualleague', 'betgames', 'mintGaming', 'virtualSports']);

/** Spec §3 "Casino/slot item". */
export const CasinoItem = z.object({
  serviceId: z.number().int(),
  masterServiceId: z.number().int(),
  topServiceId: z.number().int(),
  topServiceId2: z.number().int(),
  middleServiceId: z.number().int(),
  title: z.string(),
  logo: z.string(),
  listOrder: z.number().int(),
  extras: z.object({ id: z.number().int(), limitID: z.number().int() }),
  openLobby: z.union([z.literal(0), z.literal(1)]),
  company_name: z.string(),
  lang: z.string(),
  isMobile: z.union([z.literal(0), z.literal(1)]),
  /** Minor units; 0: no limit. */
  maxPay: z.number().int(),
  maxStake: z.number().int(),
  minStake: z.number().int(),
  operatorId: z.string(),
  /** Which page lists it and which product flag plays it: slot (slotUser), livecasino (casinoUser), bingo (bingoUser), virtual (virtualUser), tvgames (tvgamesUser); racing, virtualleague, virtualSports (virtualUser), lotto, betgames (tvgamesUser), mintGaming (slotUser). */
  product: CasinoProduct,
});
export type CasinoItem = z.infer<typeof CasinoItem>;

export const CasinoGamesQuery = z.object({
  masterServiceId: z.coerce.number().int().optional().describe('one provider (the provider menu); default every provider'),
  product: CasinoProduct.optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(1000),
  order: z.enum(['listOrder', 'title']).default('listOrder'),
  search: z.string().trim().max(60).optional().describe('part of the title, any case'),
  company: z.string().trim().max(80).optional().describe("one sub-provider (the studio, a game's company_name, as the provider menu's subProviders name it), exactly; with masterServiceId, that provider's games of it"),
  lang: z.string().max(5).default('tr'),
});
export const CasinoGames = z.object({ status: z.literal(true), games: z.array(CasinoItem), total: z.number().int() });

export const CasinoProvidersQuery = z.object({ product: CasinoProduct.optional().describe('only providers with games of this product, counting those') });
export const CasinoSubProvider = z.object({ name: z.string().describe("the studio: its games' company_name"), games: z.number().int() });
/** One entry of the provider menu (not the provider adapter of api/src/casino/provider.ts). */
export const CasinoMenuProvider = z.object({
  masterServiceId: z.number().int(),
  name: z.string(),
  games: z.number().int(),
  products: z.array(CasinoProduct),
  lobby: z.union([z.literal(0), z.literal(1)]).describe('0: an aggregator (games of more than one studio), picking it loads its sub-providers; 1: picking it loads its games'),
  subProviders: z.array(CasinoSubProvider).describe('its studios by name, with their game counts (of the asked product)'),
});
export const CasinoProviders = z.object({ providers: z.array(CasinoMenuProvider) });

const serviceId = z.coerce.number({ message: 'numberRequired|serviceId' }).int('numberRequired|serviceId');
export const CasinoOpenBody = z.object({
  serviceId,
  masterServiceId: z.coerce.number().int().optional(),
  gameId: z.string().max(80).optional(),
  limitId: z.string().max(80).optional(),
  tableId: z.string().max(80).optional(),
  lang: z.string().max(5).optional(),
  isMobile: z.coerce.number().int().min(0).max(1).optional(),
});
export type CasinoOpenBody = z.input<typeof CasinoOpenBody>;
export const CasinoOpen = z.object({
  status: z.boolean(),
  /** Empty when opened; else the translation key of why not. */
  msg: z.string(),
  content: z.object({ iframe: z.boolean().describe('true: embed gameurl in a frame; false: send the window there'), gameurl: z.string(), iframeId: z.string() }).nullable(),
  /** Slots start a game session on the client (spec §7 "a sessionStart command for slots"). */
  command: z.literal('sessionStart').nullable(),
});
export type CasinoOpen = z.infer<typeof CasinoOpen>;

// ---- seamless wallet (provider → us) ----------------------------------------------------------------

const session = z.string().min(16).max(2000);
const transactionId = z.string().min(1).max(120);
export const CasinoBalanceCallback = z.object({ session });
export const CasinoMoneyCallback = z.object({
  session,
  transactionId,
  roundId: z.string().min(1).max(120),
  serviceId: z.number().int(),
  amount: z.number().int('invalidAmount').min(0, 'invalidAmount'),
  currency: z.string().length(3),
});
export const CasinoRollbackCallback = z.object({ session, transactionId, betTransactionId: transactionId, roundId: z.string().min(1).max(120), serviceId: z.number().int() });
export const CasinoWalletAnswer = z.object({
  status: z.literal(true),
  /** The player's balance after this transaction (after a replay: now). */
  balance: z.number().int(),
  currency: z.string(),
  transactionId: z.string().nullable(),
});
export type CasinoWalletAnswer = z.infer<typeof CasinoWalletAnswer>;

// ---- casino report (back office) ---------------------------------------------------------------------

export const CASINO_REPORT_GROUPS = ['day', 'game', 'provider', 'player', 'product'] as const;
export const CasinoReportQuery = ReportQuery.extend({ groupBy: z.enum(CASINO_REPORT_GROUPS).default('day') });
export type CasinoReportQuery = z.input<typeof CasinoReportQuery>;

/** GGR = bets − wins − refunds (rolled-back bets). */
export const CasinoTotals = z.object({
  bets: z.number().int(),
  wins: z.number().int(),
  refunds: z.number().int(),
  ggr: z.number().int(),
  /** GGR in basis points of bets; null without bets. */
  marginBp: z.number().int().nullable(),
  /** Bets placed. */
  rounds: z.number().int(),
});
export type CasinoTotals = z.infer<typeof CasinoTotals>;
export const CasinoReportRow = CasinoTotals.extend({
  /** The day, the game's serviceId, the provider, or the player's id. */
  key: z.string(),
  /** The day, the game's title, the provider, or the player's user name. */
  label: z.string(),
});
export type CasinoReportRow = z.infer<typeof CasinoReportRow>;
export const CasinoReport = z.object({
  groupBy: z.enum(CASINO_REPORT_GROUPS),
  rows: z.array(CasinoReportRow),
  totals: CasinoTotals,
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  asOf: AsOf,
});
export type CasinoReport = z.infer<typeof CasinoReport>;
