import { randomInt, scrypt as scryptCallback } from 'node:crypto';
import { promisify } from 'node:util';
import { type CardEvent, cardDecider, cardStream, type DomainError, domainError, type IssuedCard, isDealerRole, type Role } from '@kupon/domain';
import type { RecordedEvent } from '@kupon/eventstore';
import { type Cause, completeCard, derivedId, expireDueCards } from '@kupon/commands';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CancelCardResponse,
  CardIdParams,
  CardList,
  CardListQuery,
  ExpireCardsResponse,
  IssueCardsBody,
  IssueCardsResponse,
  RedeemCardBody,
  RedeemCardResponse,
} from '../contract/cards';
import { ErrorBody } from '../contract/identity';
import { ApiError, refusal, registerErrorStatuses } from '../http/api-error';
import type { LiveUser } from '../identity/accounts';
import { accountKey, type AttemptThrottle } from '../identity/throttle';
import { actorOf, requireRole, type RequestActor } from '../plugins/auth';
import type { RateLimits } from '../plugins/security';
import { currencyOf, type MoneyServices, requestMeta, Wallets, walletView } from '../payments/money';

registerErrorStatuses({ cardNotFound: 404, cardAlreadyRedeemed: 409, cardExpired: 409, cardNumberTaken: 409, cardLimitInsufficient: 422 });

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 429: ErrorBody };
const SITE_WIDE: ReadonlySet<Role> = new Set(['admin', 'operator']);
const CARD_ROLES: readonly Role[] = ['admin', 'operator', 'topDealer', 'dealer', 'subDealer'];
const DAY_MS = 86_400_000;

const scrypt = promisify(scryptCallback) as (password: string, salt: string, keylen: number, options: { N: number; r: number; p: number }) => Promise<Buffer>;

/** The PIN's only stored form: scrypt salted with the card id, so a copy of the log does not give PINs away cheaply. */
export async function pinHashOf(cardId: string, pin: string): Promise<string> {
  return (await scrypt(pin, cardId, 32, { N: 4096, r: 8, p: 1 })).toString('hex');
}

/** A card's id follows from its site and number: a redeem finds its stream without a read table (no lag), another site's number is another stream. */
export function cardIdOf(siteId: string, number: string): string {
  return derivedId('card', siteId, number);
}

/** Sixteen digits, the first not zero, derived from the dealer's request: a retry derives the same numbers. */
function cardNumberOf(dealerId: string, requestId: string, index: number): string {
  const hex = derivedId('card-number', dealerId, requestId, String(index)).replaceAll('-', '');
  return String((BigInt(`0x${hex}`) % 9_000_000_000_000_000n) + 1_000_000_000_000_000n);
}

const normalNumber = (typed: string) => typed.replace(/[\s-]/g, '');

/**
 * Prepaid cards (spec §3 Card: number, amount, team, time; §8 "user limit insufficient to create
 * cards"): a dealer pays for a batch out of its credit (`CardFunded` on its wallet, the money
 * boundary), each card's stream is opened from it; a player redeems number + PIN once; the dealer
 * cancels an unredeemed card, or an expired one is returned, and the amount comes back. Every
 * second step is also the card-flow reactor's, with the same derived ids (api/CARDS.md).
 */
export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  const services: MoneyServices & { readonly rateLimits: RateLimits; readonly throttle: AttemptThrottle } = { ...app.money, rateLimits: app.identity.rateLimits, throttle: app.identity.throttle };
  const wallets = new Wallets(services);
  const { commands, pool } = services;

  const userOf = async (userId: string): Promise<LiveUser> => {
    const user = await services.accounts.load(userId);
    if (!user) throw new ApiError(404, 'noSuchUser');
    return user;
  };
  const openWallet = async (request: FastifyRequest, user: LiveUser) => wallets.ensureOpen(user, currencyOf(user, request.site?.settings.defaultCurrency));

  /** The card's events as stored: the cause the next step derives its ids from. */
  const cardEvents = async (cardId: string): Promise<readonly RecordedEvent[]> => commands.store.readStream(cardStream(cardId));

  /** Site-wide staff act on every card of their site; a dealer on the cards of its subtree (its own and those of dealers under it). */
  const mayActOn = async (actor: RequestActor, card: IssuedCard): Promise<boolean> => {
    if (card.siteId !== actor.siteId) return false;
    if (SITE_WIDE.has(actor.role) || card.dealerId === actor.userId) return true;
    const dealer = await services.accounts.load(card.dealerId);
    return dealer?.ancestors.includes(actor.userId) ?? false;
  };

  app.post(
    '/',
    { preParsing: requireRole('topDealer', 'dealer', 'subDealer'), schema: { tags: ['cards'], summary: 'Issue N prepaid cards of an amount out of my credit (numbers and PINs are answered once)', body: IssueCardsBody, response: { 201: IssueCardsResponse, ...refusals } } },
    async (request, reply) => {
      const actor = actorOf(request);
      if (!actor.permissions.includes('creditSend')) throw refusal(domainError('transfersForbidden'));
      const dealer = await userOf(actor.userId);
      if (!isDealerRole(dealer.role)) throw refusal(domainError('transfersForbidden'));
      const wallet = await openWallet(request, dealer);
      const { requestId, count, amount, batch, expiresInDays } = request.body;
      const now = services.clock();
      const issuedAt = now.toISOString();
      const expiresAt = expiresInDays ? new Date(now.getTime() + expiresInDays * DAY_MS).toISOString() : null;
      const drawn = Array.from({ length: count }, (_, index) => {
        const number = cardNumberOf(dealer.userId, requestId, index);
        return { number, cardId: cardIdOf(dealer.siteId, number), pin: String(randomInt(0, 100_000_000)).padStart(8, '0') };
      });
      const existing = await Promise.all(drawn.map(async ({ cardId }) => (await commands.store.readStream(cardStream(cardId), { maxCount: 1 }))[0]));
      const repeated = existing.some((event) => event && (event.data as unknown as IssuedCard).dealerId === dealer.userId);
      if (!repeated && existing.some(Boolean)) throw refusal(domainError('cardNumberTaken'));
      const cards: IssuedCard[] = await Promise.all(
        drawn.map(async ({ number, cardId, pin }) => ({
          cardId,
          siteId: dealer.siteId,
          dealerId: dealer.userId,
          number,
          pinHash: await pinHashOf(cardId, pin),
          amount,
          currency: wallet.currency,
          batch: batch || null,
          issuedAt,
          expiresAt,
        })),
      );
      const meta = requestMeta(request, requestId, 'cards-funded', now);
      // Scoped to cards: the same request id used for another wallet command cannot make this one a no-op.
      const funded = await wallets.run(dealer.userId, { type: 'FundCards', reference: `cards:${requestId}`, now: issuedAt, cards }, meta);
      if (!funded.ok) throw refusal(funded.error);
      if (funded.events.length === 0) {
        // A repeated request: answered with the cards it issued, never their PINs again.
        const first = await Promise.all(drawn.map(({ cardId }) => cardEvents(cardId)));
        const known = first.flatMap((events) => (events[0] ? [events[0].data as unknown as IssuedCard] : []));
        return reply.code(201).send({ cards: known.map((card) => issuedView(card, null)), wallet: walletView(await openWallet(request, dealer)) });
      }
      // Open each card's stream now, with the ids the reactor would use (it finishes this after a crash).
      const firstRevision = funded.revision - BigInt(funded.events.length - 1);
      for (const [index, event] of funded.events.entries()) {
        const cause: Cause = { id: meta.eventId(index), type: event.type, data: event.data as unknown as Cause['data'], streamRevision: firstRevision + BigInt(index), metadata: { correlationId: meta.correlationId, at: meta.at } };
        const opened = await completeCard(commands, cause);
        if (!opened.ok) throw new Error(`opening card ${cards[index]?.cardId}: ${opened.error}`);
      }
      return reply.code(201).send({ cards: cards.map((card, index) => issuedView(card, drawn[index]!.pin)), wallet: walletView(await openWallet(request, dealer)) });
    },
  );

  app.get(
    '/',
    { preParsing: requireRole(...CARD_ROLES), schema: { tags: ['cards'], summary: 'Cards of my subtree (site-wide staff: of my site), newest first, paged', querystring: CardListQuery, response: { 200: CardList, ...refusals } } },
    async (request) => {
      const actor = actorOf(request);
      const { state, batch, number, limit, offset } = request.query;
      const params: unknown[] = [actor.siteId, state ?? null, batch ?? null, number ? normalNumber(number) : null];
      const scope = SITE_WIDE.has(actor.role) ? 'true' : `(c.dealer_id = $5 or $5 = any(d.ancestors))`;
      if (!SITE_WIDE.has(actor.role)) params.push(actor.userId);
      const { rows } = await pool.query<Record<string, unknown>>(
        `select c.*, d.user_name as dealer_name, p.user_name as redeemed_by_name, count(*) over () as total
           from cards c left join users d on d.user_id::text = c.dealer_id left join users p on p.user_id::text = c.redeemed_by
          where c.site_id = $1 and ${scope} and ($2::text is null or c.state = $2) and ($3::text is null or c.batch = $3) and ($4::text is null or c.number = $4)
          order by c.issued_at desc, c.number limit ${limit} offset ${offset}`,
        params,
      );
      return { total: Number(rows[0]?.total ?? 0), cards: rows.map(cardView) };
    },
  );

  app.post(
    '/:cardId/cancel',
    { preParsing: requireRole(...CARD_ROLES), schema: { tags: ['cards'], summary: 'Cancel an unredeemed card: its amount goes back to its dealer', params: CardIdParams, response: { 200: CancelCardResponse, ...refusals } } },
    async (request) => {
      const actor = actorOf(request);
      const { cardId } = request.params;
      const { state } = await commands.load(cardStream(cardId), cardDecider);
      if (state.status === 'none' || !(await mayActOn(actor, state.card))) throw refusal(domainError('cardNotFound'));
      const now = services.clock();
      const outcome = await commands.run(cardStream(cardId), cardDecider, { type: 'CancelCard', byUserId: actor.userId, allowed: true, now: now.toISOString() }, requestMeta(request, cardId, 'card-cancel', now));
      if (!outcome.ok) throw refusal(outcome.error);
      await finish(cardId, 'CardCancelled');
      const dealer = await userOf(state.card.dealerId);
      return { card: { cardId, number: state.card.number, amount: state.card.amount, state: 'cancelled' as const }, wallet: walletView(await openWallet(request, dealer)) };
    },
  );

  app.post(
    '/expire',
    { preParsing: requireRole(...CARD_ROLES), schema: { tags: ['cards'], summary: 'Return the amount of every card of my scope whose time is up (also done on any cancel)', response: { 200: ExpireCardsResponse, ...refusals } } },
    async (request) => {
      const actor = actorOf(request);
      const now = services.clock();
      const scope = SITE_WIDE.has(actor.role) ? { siteId: actor.siteId } : { siteId: actor.siteId, subtreeOf: actor.userId };
      const { expired, returned, failures } = await expireDueCards(services, now, scope, requestMeta(request, 'expire', 'card-expire', now));
      if (failures[0]) throw refusalOf(failures[0]);
      return { expired, returned };
    },
  );

  app.post(
    '/redeem',
    { preParsing: requireRole('player'), config: { rateLimit: services.rateLimits.login }, schema: { tags: ['cards'], summary: 'Redeem a card (number + PIN) into my wallet, once', body: RedeemCardBody, response: { 200: RedeemCardResponse, ...refusals } } },
    async (request) => {
      const actor = actorOf(request);
      const player = await userOf(actor.userId);
      // Per account, besides the per-address limit (docs/decisions/0004): an unknown number or a wrong PIN counts; locked, nothing is tried.
      const throttleKey = accountKey(actor.siteId, player.userId);
      const lockedFor = await services.throttle.lockedFor('cardRedeem', throttleKey, services.clock());
      if (lockedFor > 0) throw new ApiError(429, 'tooManyAttempts', lockedFor);
      const notFound = async () => {
        await services.throttle.failed('cardRedeem', throttleKey, services.clock());
        return refusal(domainError('cardNotFound'));
      };
      const number = normalNumber(request.body.number);
      if (!/^\d{16}$/.test(number)) throw await notFound();
      const cardId = cardIdOf(actor.siteId, number);
      const { state } = await commands.load(cardStream(cardId), cardDecider);
      if (state.status === 'none') throw await notFound();
      const wallet = await openWallet(request, player);
      const pinHash = await pinHashOf(cardId, request.body.pin.replace(/\s/g, ''));
      if (pinHash === state.card.pinHash && wallet.currency !== state.card.currency) throw new ApiError(422, 'currencyMismatch', wallet.currency, state.card.currency);
      const now = services.clock();
      // One event id per player and card: this player's retry is the same event; another player's redeem is refused by the card's revision.
      const meta = { ...requestMeta(request, cardId, 'card-redeem', now), eventId: (index: number) => derivedId('card-redeem', player.userId, cardId, String(index)) };
      const outcome = await commands.run(cardStream(cardId), cardDecider, { type: 'RedeemCard', playerId: player.userId, siteId: actor.siteId, pinHash, now: now.toISOString() }, meta);
      if (!outcome.ok) throw outcome.error.code === 'cardNotFound' ? await notFound() : refusal(outcome.error);
      await services.throttle.succeeded('cardRedeem', throttleKey);
      const redeemed = await finish(cardId, 'CardRedeemed');
      if (!redeemed) throw refusal(domainError('cardNotFound'));
      return { status: true as const, amount: state.card.amount, wallet: walletView(await openWallet(request, player)) };
    },
  );

  /** The money step after a card's last event (the reactor's step, same ids): credit the player or refund the dealer. */
  async function finish(cardId: string, type: CardEvent['type']): Promise<RecordedEvent | null> {
    const event = (await cardEvents(cardId)).find((e) => e.type === type);
    if (!event) return null;
    const done = await completeCard(commands, event);
    if (!done.ok) throw refusalOf(done.error);
    return event;
  }
};

function refusalOf(key: string): ApiError {
  const [code = 'tecnicalProblemTitle', ...params] = key.split('|');
  return refusal({ kind: 'DomainError', code, params } satisfies DomainError);
}

function issuedView(card: IssuedCard, pin: string | null) {
  return { cardId: card.cardId, number: card.number, pin, amount: card.amount, currency: card.currency, batch: card.batch, issuedAt: card.issuedAt, expiresAt: card.expiresAt };
}

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);

function cardView(row: Record<string, unknown>) {
  return {
    cardId: String(row.card_id),
    number: String(row.number),
    amount: Number(row.amount),
    currency: String(row.currency),
    batch: (row.batch as string | null) ?? null,
    dealerId: String(row.dealer_id),
    dealerName: (row.dealer_name as string | null) ?? null,
    state: String(row.state) as 'issued' | 'redeemed' | 'cancelled' | 'expired',
    issuedAt: iso(row.issued_at)!,
    expiresAt: iso(row.expires_at),
    redeemedBy: (row.redeemed_by as string | null) ?? null,
    redeemedByName: (row.redeemed_by_name as string | null) ?? null,
    closedAt: iso(row.closed_at),
  };
}
