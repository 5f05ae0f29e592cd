import { assertNever, type Decider, type DomainError, domainError } from '../shared/decider';
import type { Minor } from '../shared/money';
import type { FormField, FormFieldType } from './rules/payment-form';
import { isLanguageCode } from '../shared/language';

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
/** How a site's own method is carried: the provider's answer (spec §4), as the catalog's paytypes have it. */
export type PaymentMethodFlow = 'redirect' | 'iframe1' | 'iframe2' | 'message';
export const PAYMENT_METHOD_FLOWS = ['redirect', 'iframe1', 'iframe2', 'message'] as const satisfies readonly PaymentMethodFlow[];
export const FORM_FIELD_TYPES = ['number', 'amount', 'date', 'birthdate', 'datetime', 'email', 'time', 'select', 'text'] as const satisfies readonly FormFieldType[];
/** Ids of methods a site adds start here, above the product's own (api/PAYMENT-METHODS.md). */
export const FIRST_ADDED_PAYCAT_ID = 1000;
export const MAX_FORM_FIELDS = 20;

/** A method a site added itself, of one of the providers that exist (api/PAYMENT-METHODS.md). */
export interface AddedPaymentMethod {
  readonly payCatId: number;
  /** Its one paytype's id (payCatId × 10 + 1). */
  readonly payId: number;
  readonly direction: PaymentMethodDirection;
  /** The provider adapter (`whichApi`): a payment provider's name, or `staff` (staff confirm by hand). */
  readonly provider: string;
  readonly flow: PaymentMethodFlow;
  /** Its name per language; at least one. */
  readonly names: Readonly<Record<string, string>>;
  readonly minAmount: Minor;
  /** 0: no upper bound. */
  readonly maxAmount: Minor;
}

export type PaymentMethodAdded = {
  readonly type: 'PaymentMethodAdded';
  readonly data: AddedPaymentMethod & { readonly fields: readonly FormField[]; readonly siteId: string; readonly byUserId: string; readonly at: string };
};
/** The form a method's players fill in (every paytype of the category), replacing the catalog's. */
export type PaymentMethodFieldsSet = {
  readonly type: 'PaymentMethodFieldsSet';
  readonly data: { readonly direction: PaymentMethodDirection; readonly payCatId: number; readonly fields: readonly FormField[]; readonly siteId: string; readonly byUserId: string; readonly at: string };
};
export type PaymentMethodsEvent = PaymentMethodConfigured | PaymentMethodAdded | PaymentMethodFieldsSet;

export type ConfigurePaymentMethod = {
  readonly type: 'ConfigurePaymentMethod';
  readonly siteId: string;
  readonly setting: PaymentMethodSetting;
  readonly byUserId: string;
  readonly now: string;
};
export type AddPaymentMethod = {
  readonly type: 'AddPaymentMethod';
  readonly siteId: string;
  readonly method: Omit<AddedPaymentMethod, 'payCatId' | 'payId'>;
  readonly fields: readonly FormField[];
  readonly byUserId: string;
  readonly now: string;
};
export type SetPaymentMethodFields = {
  readonly type: 'SetPaymentMethodFields';
  readonly siteId: string;
  readonly direction: PaymentMethodDirection;
  readonly payCatId: number;
  readonly fields: readonly FormField[];
  readonly byUserId: string;
  readonly now: string;
};
export type PaymentMethodsCommand = ConfigurePaymentMethod | AddPaymentMethod | SetPaymentMethodFields;

/** Settings, added methods and edited forms, each by `direction:payCatId`. */
export interface PaymentMethodsState {
  readonly settings: Readonly<Record<string, PaymentMethodSetting>>;
  readonly added?: Readonly<Record<string, AddedPaymentMethod>>;
  readonly fields?: Readonly<Record<string, readonly FormField[]>>;
}

/** The catalog the settings apply to: which categories exist, and the amounts their paytypes allow; the providers a method can be added of. */
export interface PaymentMethodsContext {
  readonly catalog: readonly { readonly payCatId: number; readonly direction: PaymentMethodDirection; readonly minAmount: Minor; readonly maxAmount: Minor }[];
  readonly providers?: readonly string[];
}

const FIELD_NAME = /^[a-z][A-Za-z0-9_]{0,29}$/;

/**
 * A form the domain accepts: 1–20 fields, names unique identifiers, titles 1–60 characters, a known type
 * (its validation kind: number, amount, dates, e-mail, time, select, text), lengths 0–500 with min ≤ max
 * (0: no bound), a select with options (`value:text` comma list), at most one amount field.
 */
export function formFieldsProblem(fields: readonly FormField[]): DomainError | null {
  if (!Array.isArray(fields) || fields.length === 0 || fields.length > MAX_FORM_FIELDS) return domainError('invalidField', 'fields');
  const names = new Set<string>();
  for (const [i, f] of fields.entries()) {
    const bad = (what: string) => domainError('invalidField', `fields.${i}.${what}`);
    if (typeof f.name !== 'string' || !FIELD_NAME.test(f.name) || names.has(f.name)) return bad('name');
    names.add(f.name);
    if (typeof f.title !== 'string' || f.title.trim() === '' || f.title.length > 60) return bad('title');
    if (!(FORM_FIELD_TYPES as readonly string[]).includes(f.type)) return bad('type');
    if (typeof f.required !== 'boolean') return bad('required');
    if (typeof f.placeHolder !== 'string' || f.placeHolder.length > 60) return bad('placeHolder');
    for (const key of ['minLength', 'maxLength'] as const) if (!Number.isInteger(f[key]) || f[key] < 0 || f[key] > 500) return bad(key);
    if (f.maxLength > 0 && f.minLength > f.maxLength) return bad('minLength');
    if (typeof f.options !== 'string' || f.options.length > 2000) return bad('options');
    if (f.type === 'select' && f.options.split(',').filter((o: string) => o.trim() !== '').length === 0) return bad('options');
  }
  if (fields.filter((f) => f.type === 'amount').length > 1) return domainError('invalidField', 'fields');
  return null;
}

export function paymentMethodsStream(siteId: string): string {
  return `paymethods-${siteId}`;
}

export const settingKey = (direction: PaymentMethodDirection, payCatId: number) => `${direction}:${payCatId}`;

export function evolve(state: PaymentMethodsState, event: PaymentMethodsEvent): PaymentMethodsState {
  switch (event.type) {
    case 'PaymentMethodConfigured': {
      const { siteId: _siteId, byUserId: _by, at: _at, ...setting } = event.data;
      return { ...state, settings: { ...state.settings, [settingKey(setting.direction, setting.payCatId)]: setting } };
    }
    case 'PaymentMethodAdded': {
      const { siteId: _siteId, byUserId: _by, at: _at, fields, ...method } = event.data;
      const key = settingKey(method.direction, method.payCatId);
      return { ...state, added: { ...state.added, [key]: method }, fields: { ...state.fields, [key]: fields } };
    }
    case 'PaymentMethodFieldsSet': {
      const d = event.data;
      return { ...state, fields: { ...state.fields, [settingKey(d.direction, d.payCatId)]: d.fields } };
    }
    default:
      return assertNever(event);
  }
}

/** The product's methods and the site's own. */
function knownMethods(state: PaymentMethodsState, context: PaymentMethodsContext): PaymentMethodsContext['catalog'] {
  return [...context.catalog, ...Object.values(state.added ?? {})];
}

export function decide(command: PaymentMethodsCommand, state: PaymentMethodsState, context: PaymentMethodsContext): readonly PaymentMethodsEvent[] | DomainError {
  switch (command.type) {
    case 'ConfigurePaymentMethod': {
      const { setting } = command;
      const known = knownMethods(state, context).find((m) => m.payCatId === setting.payCatId && m.direction === setting.direction);
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
    case 'AddPaymentMethod': {
      const { method } = command;
      if (method.direction !== 'deposit' && method.direction !== 'withdraw') return domainError('invalidField', 'direction');
      if (!(context.providers ?? []).includes(method.provider)) return domainError('invalidField', 'provider');
      if (!(PAYMENT_METHOD_FLOWS as readonly string[]).includes(method.flow)) return domainError('invalidField', 'flow');
      const names = Object.entries(method.names ?? {});
      if (names.length === 0 || names.some(([lang, name]) => !isLanguageCode(lang) || typeof name !== 'string' || name.trim() === '' || name.length > 60)) return domainError('invalidField', 'names');
      const amount = (value: Minor) => Number.isSafeInteger(value) && value >= 0;
      if (!amount(method.minAmount) || !amount(method.maxAmount)) return domainError('invalidAmount');
      if (method.maxAmount > 0 && method.minAmount > method.maxAmount) return domainError('amountOutOfRange', method.minAmount, method.maxAmount);
      const problem = formFieldsProblem(command.fields);
      if (problem) return problem;
      const taken = knownMethods(state, context).map((m) => m.payCatId);
      const payCatId = Math.max(FIRST_ADDED_PAYCAT_ID - 1, ...taken) + 1;
      return [
        {
          type: 'PaymentMethodAdded',
          data: { ...method, payCatId, payId: payCatId * 10 + 1, fields: command.fields, siteId: command.siteId, byUserId: command.byUserId, at: command.now },
        },
      ];
    }
    case 'SetPaymentMethodFields': {
      const known = knownMethods(state, context).some((m) => m.payCatId === command.payCatId && m.direction === command.direction);
      if (!known) return domainError('paymentMethodNotFound');
      const problem = formFieldsProblem(command.fields);
      if (problem) return problem;
      const current = state.fields?.[settingKey(command.direction, command.payCatId)];
      if (current && JSON.stringify(current) === JSON.stringify(command.fields)) return [];
      const { direction, payCatId, fields } = command;
      return [{ type: 'PaymentMethodFieldsSet', data: { direction, payCatId, fields, siteId: command.siteId, byUserId: command.byUserId, at: command.now } }];
    }
    default:
      return assertNever(command);
  }
}

export const paymentMethodsDecider: Decider<PaymentMethodsState, PaymentMethodsCommand, PaymentMethodsEvent, PaymentMethodsContext> = {
  initialState: { settings: {}, added: {}, fields: {} },
  evolve,
  decide,
};
