import {
  availableOf,
  type Currency,
  DEFAULT_SLIP_RULES,
  type DomainError,
  domainError,
  type OddsBook,
  type OpenWalletState,
  type SlipRules,
  walletDecider,
  type WalletCommand,
  type WalletEvent,
  walletStream,
  type BettingLimits,
  type SportId,
  paymentMethodsDecider,
  paymentMethodsStream,
  DEFAULT_SITE_SETTINGS,
  type SiteSettings,
  siteBonusRule,
  siteCouponPolicy,
} from '@kupon/domain';
import type { Actor, EventStore, SqlPool } from '@kupon/eventstore';
import { type CommandMeta, openWallet, type Outcome, type Requester, requestMetaOf, StreamCommands, walletCurrencyOf } from '@kupon/commands';
import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { LiveUser, UserAccounts } from '../identity/accounts';
import type { WalletView } from '../contract/money';
import { registerErrorStatuses } from '../http/api-error';
import { BuiltInPaymentMethods, type PaymentMethodCatalog, SitePaymentMethods } from './methods';
import type { PaymentProvider } from './provider';
import { TicketCodes } from '../coupons/ticket-code';
import { drawServerKey } from '../server-keys';

registerErrorStatuses({ couponNotFound: 404, transferNotFound: 404, paymentMethodNotFound: 404, walletNotOpened: 404, requestIdReused: 409, transferAlreadyExists: 409 });

/** Site switches of coupon selling and cancelling (§4 sellType, cancel flag and period): each site's `couponSell` / `couponCancel` settings. */
export interface CouponPolicy {
  readonly sell: { readonly enabled: boolean; readonly marginBp: number };
  readonly cancel: { readonly enabled: boolean; readonly periodMs: number };
}

/** A new site's policy (selling on at 5 %, cancel within 5 minutes): what a request that names no site gets. */
export const DEFAULT_COUPON_POLICY: CouponPolicy = siteCouponPolicy(DEFAULT_SITE_SETTINGS);

/** The policy of the site a request is for; `fallback` (the process's) when it names none. */
export function couponPolicyOf(settings: Pick<SiteSettings, 'couponSell' | 'couponCancel'> | undefined, fallback: CouponPolicy): CouponPolicy {
  return settings ? siteCouponPolicy(settings) : fallback;
}

/** What the money routes share. */
export interface MoneyServices {
  readonly store: EventStore;
  readonly pool: SqlPool;
  readonly clock: () => Date;
  readonly accounts: UserAccounts;
  /** Shared with the reactors of this process: one folded wallet per process. */
  readonly commands: StreamCommands;
  /** The live odds book coupons are priced against; null until a feed runs (placing then answers oddsUnavailable). */
  readonly odds: OddsBook | null;
  /** The policy where a request names no site; a site's own settings hold its policy (`couponPolicyOf`). */
  readonly policy: CouponPolicy;
  readonly providers: ReadonlyMap<string, PaymentProvider>;
  readonly paymentMethods: PaymentMethodCatalog;
  /** The product's methods every site chooses from (what the per-site settings may name). */
  readonly paymentCatalog: BuiltInPaymentMethods;
  /** HMAC key of provider callbacks. */
  readonly paymentSecret: string;
  /** The check codes on slips (api/TICKET-CHECK.md). */
  readonly ticketCodes: TicketCodes;
  /** False when this process drew its own ticket key: its codes die with it. */
  readonly ticketKeyShared: boolean;
  /** Live acceptance delay per sport (ms) where it differs from the defaults (football 5 s, basketball 5 s, tennis 8 s). */
  readonly liveDelays: Readonly<Partial<Record<SportId, number>>>;
}

/** Metadata of a command a request issues: its event ids derive from the request id, so a retried request appends nothing new. */
export function requestMeta(request: FastifyRequest, requestId: string, scope: string, at: Date): CommandMeta {
  return requestMetaOf(requesterOf(request), requestId, scope, at);
}

/** Who a request is from, as the use cases of @kupon/commands are told: the actor (`anonymous` guest without a login) and the request's id. */
export function requesterOf(request: FastifyRequest): Requester {
  const actor: Actor = request.actor ? { userId: request.actor.userId, role: request.actor.role, ip: request.ip } : { userId: 'anonymous', role: 'guest', ip: request.ip };
  return { actor, correlationId: request.id };
}

export function systemMeta(at: Date, by: Actor = { userId: 'system', role: 'system' }): CommandMeta {
  const id = randomUUID();
  return { actor: by, correlationId: id, causationId: id, at: at.toISOString(), eventId: (index) => (index === 0 ? id : randomUUID()) };
}

/** The §9 user limits, the site's combined-coupon bonus (§3 bonusCoupon) and its §9 max payout tiers as the coupon rules read them. */
export function slipRulesOf(limits: BettingLimits | undefined, site?: Pick<SiteSettings, 'bonusCoupon' | 'maxPayoutTiers'>): SlipRules {
  const bonus = site ? siteBonusRule(site) : null;
  const payoutTiers = site?.maxPayoutTiers ?? [];
  if (!limits) return { ...DEFAULT_SLIP_RULES, bonus, payoutTiers };
  return {
    ...DEFAULT_SLIP_RULES,
    limits: { combine: limits.combine, multiple: limits.multiple, system: limits.system, minOdds: limits.minOddsCoupon, maxOdds: limits.maxOddsCoupon },
    bonus,
    payoutTiers,
  };
}

export function currencyOf(user: LiveUser, siteDefault: string | undefined): Currency {
  return walletCurrencyOf(user, siteDefault);
}

export class Wallets {
  constructor(private readonly services: Pick<MoneyServices, 'commands' | 'clock'>) {}

  async state(accountId: string): Promise<{ state: ReturnType<typeof walletDecider.evolve>; revision: bigint }> {
    return this.services.commands.load(walletStream(accountId), walletDecider);
  }

  /** The account's wallet, opened on first use in the account's currency (`openWallet` of @kupon/commands). */
  ensureOpen(user: LiveUser, currency: Currency, options: { fresh?: boolean } = {}): Promise<OpenWalletState> {
    return openWallet(this.services, user, currency, options);
  }

  run(accountId: string, command: WalletCommand, meta: CommandMeta): Promise<Outcome<WalletEvent>> {
    return this.services.commands.run(walletStream(accountId), walletDecider, command, meta);
  }
}

export function walletView(state: OpenWalletState): WalletView {
  const held = state.holds.reduce((sum, amount) => sum + amount, 0);
  return { accountId: state.accountId, currency: state.currency, balance: state.balance, creditLimit: state.creditLimit, held, available: availableOf(state) };
}

export function refusedIf<T>(outcome: Outcome<T>): DomainError | null {
  return outcome.ok ? null : outcome.error;
}

export const notYours = (): DomainError => domainError('thisOperatorNotYour');

/** What the app may be given for the money context; everything has a working default, the providers none. */
export interface MoneyOptions {
  /** Share the reactors' instance so a wallet is folded once per process. */
  readonly commands?: StreamCommands;
  /** The live odds book (the feed's); without one, placing a coupon answers 503 oddsUnavailable. */
  readonly odds?: OddsBook | null;
  readonly policy?: CouponPolicy;
  /** HMAC key of provider callbacks; every api process must share it (main.ts: server-keys.ts). Without one the app draws its own. */
  readonly paymentSecret?: string;
  /** Key of the check codes printed on slips; shared by every api process, never changed (main.ts: server-keys.ts). Without one the app draws its own and warns (routes/ticket-check.ts). */
  readonly ticketSecret?: string;
  readonly paymentMethods?: PaymentMethodCatalog;
  /** The payment provider adapters (the demo's comes from `@kupon/demo`); a method whose provider is absent is refused (paymentMethodNotFound). */
  readonly providers?: readonly PaymentProvider[];
  readonly liveDelays?: Readonly<Partial<Record<SportId, number>>>;
}

export function moneyServices(
  base: { readonly store: EventStore; readonly pool: SqlPool; readonly clock: () => Date; readonly accounts: UserAccounts },
  options: MoneyOptions = {},
): MoneyServices {
  const paymentSecret = options.paymentSecret ?? drawServerKey();
  const ticketSecret = options.ticketSecret || undefined;
  const providers = options.providers ?? [];
  const commands = options.commands ?? new StreamCommands(base.store);
  const paymentCatalog = new BuiltInPaymentMethods();
  return {
    store: base.store,
    pool: base.pool,
    clock: base.clock,
    accounts: base.accounts,
    commands,
    odds: options.odds ?? null,
    policy: options.policy ?? DEFAULT_COUPON_POLICY,
    providers: new Map(providers.map((provider) => [provider.name, provider])),
    paymentMethods: options.paymentMethods ?? new SitePaymentMethods(paymentCatalog, async (siteId) => (await commands.load(paymentMethodsStream(siteId), paymentMethodsDecider)).state),
    paymentCatalog,
    paymentSecret,
    ticketCodes: new TicketCodes(ticketSecret ?? drawServerKey()),
    ticketKeyShared: ticketSecret !== undefined,
    liveDelays: options.liveDelays ?? {},
  };
}
