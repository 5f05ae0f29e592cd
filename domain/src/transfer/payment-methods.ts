import { assertNever, type Decider, type DomainError, domainError } from '../shared/decider';
import type { Minor } from '../shared/money';

/**
 * A site's own payment method list (spec §3 "payment method list per language"; §8 back office
 * "payment methods"). The methods themselves (paytypes, fields, banks, providers) are the product's
 * catalog; each site decides which it offers, in what order, within what amounts and under what name.
 * One stream per site: `paymethods-<siteId>`.
 */
export type PaymentMethodDirection = 'deposit' | 'withdraw';

export interface PaymentMethodSetting {
  readonly payCatId: number;
  readonly direction: PaymentMethodDirection;
  readonly enabled: boolean;
  /** Lower first; the catalog's order breaks ties. */
  readonly order: number;
  /** Minor units; null keeps the catalog's limit. */
  readonly minAmount: Minor | null;
  readonly maxAmount: Minor | null;
  /** The method's name per language code; a missing language keeps the catalog's name. */
  readonly names: Readonly<Record<string, string>>;
}

export type PaymentMethodConfigured = {
  readonly type: 'PaymentMethodConfigured';
  readonly data: PaymentMethodSetting & { readonly siteId: string; readonly byUserId: string; readonly at: string };
};
export type PaymentMethodsEvent = PaymentMethodConfigured;

export type ConfigurePaymentMethod = {
  readonly type: 'ConfigurePaymentMethod';
  readonly siteId: string;
  readonly setting: PaymentMethodSetting;
  readonly byUserId: string;
  readonly now: string;
};
export type PaymentMethodsCommand = ConfigurePaymentMethod;

/** Settings by `direction:payCatId`. */
export interface PaymentMethodsState {
  readonly settings: Readonly<Record<string, PaymentMethodSetting>>;
}

/** The catalog the settings apply to: which categories exist, and the amounts their paytypes allow. */
export interface PaymentMethodsContext {
  readonly catalog: readonly { readonly payCatId: number; readonly direction: PaymentMethodDirection; readonly minAmount: Minor; readonly maxAmount: Minor }[];
}

export function paymentMethodsStream(siteId: string): string {
  return `paymethods-${siteId}`;
}

export const settingKey = (direction: PaymentMethodDirection, payCatId: number) => `${direction}:${payCatId}`;

export function evolve(state: PaymentMethodsState, event: PaymentMethodsEvent): PaymentMethodsState {
  switch (event.type) {
    case 'PaymentMethodConfigured': {
      const { siteId: _siteId, byUserId: _by, at: _at, ...setting } = event.data;
      return { settings: { ...state.settings, [settingKey(setting.direction, setting.payCatId)]: setting } };
    }
    default:
      return assertNever(event.type);
  }
}

export function decide(command: PaymentMethodsCommand, state: PaymentMethodsState, context: PaymentMethodsContext): readonly PaymentMethodsEvent[] | DomainError {
  switch (command.type) {
    case 'ConfigurePaymentMethod': {
      const { setting } = command;
      const known = context.catalog.find((m) => m.payCatId === setting.payCatId && m.direction === setting.direction);
      if (!known) return domainError('paymentMethodNotFound');
      const amount = (value: Minor | null) => value === null || (Number.isSafeInteger(value) && value >= 0);
      if (!amount(setting.minAmount) || !amount(setting.maxAmount) || !Number.isSafeInteger(setting.order)) return domainError('invalidAmount');
      const min = setting.minAmount ?? known.minAmount;
      const max = setting.maxAmount ?? known.maxAmount;
      if (max > 0 && min > max) return domainError('amountOutOfRange', min, max);
      const current = state.settings[settingKey(setting.direction, setting.payCatId)];
      if (current && JSON.stringify(current) === JSON.stringify(setting)) return [];
      return [{ type: 'PaymentMethodConfigured', data: { ...setting, siteId: command.siteId, byUserId: command.byUserId, at: command.now } }];
    }
    default:
      return assertNever(command.type);
  }
}

export const paymentMethodsDecider: Decider<PaymentMethodsState, PaymentMethodsCommand, PaymentMethodsEvent, PaymentMethodsContext> = {
  initialState: { settings: {} },
  evolve,
  decide,
};
