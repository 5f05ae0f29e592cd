import type { Decider, DomainError } from '../shared/decider';
import { assertNever, domainError } from '../shared/decider';
import type { AffiliateCodeCommand, AffiliateCommand } from './commands';
import type { AffiliateCodeEvent, AffiliateEvent, AffiliateStatus } from './events';

/** One affiliate account per user: `affiliate-<userId>`. */
export type AffiliateState =
  | { readonly status: 'none' }
  | { readonly status: AffiliateStatus; readonly userId: string; readonly siteId: string; readonly userName: string; readonly referralCode: string; readonly since: string };

export function affiliateStream(userId: string): string {
  return `affiliate-${userId}`;
}

/** Referral codes: 6 to 12 upper-case letters and digits (case-insensitive on the way in). */
export const REFERRAL_CODE = /^[A-Z0-9]{6,12}$/;

/** What a registration's `affiliateUser` is compared as: trimmed, upper-case. */
export function normalizeReferralCode(value: string): string {
  return value.trim().toUpperCase();
}

/** Roles that are online users (spec §6: affiliate needs onlineUser). */
const MAY_APPLY = ['player', 'affiliate'] as const;

function evolve(state: AffiliateState, event: AffiliateEvent): AffiliateState {
  switch (event.type) {
    case 'AffiliateRegistered': {
      const { userId, siteId, userName, referralCode, status, at } = event.data;
      return { status, userId, siteId, userName, referralCode, since: at };
    }
    case 'AffiliateStatusChanged':
      return state.status === 'none' ? state : { ...state, status: event.data.status };
    default:
      return assertNever(event);
  }
}

function decide(command: AffiliateCommand, state: AffiliateState): readonly AffiliateEvent[] | DomainError {
  switch (command.type) {
    case 'ApplyForAffiliate': {
      // Asking again is answered with the account there is: a retried click changes nothing.
      if (state.status !== 'none') return [];
      if (!command.programmeOpen) return domainError('affiliateProgrammeClosed');
      if (!(MAY_APPLY as readonly string[]).includes(command.role)) return domainError('permissionDenied', command.role);
      if (!REFERRAL_CODE.test(command.referralCode)) return domainError('invalidField', 'referralCode');
      const { userId, siteId, userName, referralCode, now } = command;
      return [{ type: 'AffiliateRegistered', data: { userId, siteId, userName, referralCode, status: 'active', at: now } }];
    }
    case 'ChangeAffiliateStatus': {
      if (state.status === 'none') return domainError('affiliateNotFound');
      if (state.status === command.status) return [];
      return [{ type: 'AffiliateStatusChanged', data: { userId: state.userId, siteId: state.siteId, status: command.status, by: command.by, at: command.now } }];
    }
    default:
      return assertNever(command);
  }
}

export const affiliateDecider: Decider<AffiliateState, AffiliateCommand, AffiliateEvent> = {
  initialState: { status: 'none' },
  evolve,
  decide,
};

export type AffiliateCodeState = { readonly status: 'free' } | { readonly status: 'held'; readonly userId: string };

export function affiliateCodeStream(siteId: string, referralCode: string): string {
  return `affiliatecode-${siteId}-${referralCode.toLowerCase()}`;
}

/** A referral code is held once per site, for good: a code that ever named an affiliate never names another. */
export const affiliateCodeDecider: Decider<AffiliateCodeState, AffiliateCodeCommand, AffiliateCodeEvent> = {
  initialState: { status: 'free' },
  evolve: (_state, event) => ({ status: 'held', userId: event.data.userId }),
  decide(command, state) {
    if (!REFERRAL_CODE.test(command.referralCode)) return domainError('invalidField', 'referralCode');
    if (state.status === 'held') return state.userId === command.userId ? [] : domainError('affiliateCodeTaken', command.referralCode);
    return [{ type: 'AffiliateCodeReserved', data: { siteId: command.siteId, referralCode: command.referralCode, userId: command.userId, at: command.now } }];
  },
};

/** Letters and digits a person cannot misread (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** An 8-character referral code from random bytes the caller draws (the domain draws none itself). */
export function referralCodeFrom(bytes: ArrayLike<number>): string {
  if (bytes.length < 8) throw new RangeError('referralCodeFrom needs 8 bytes');
  let code = '';
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[bytes[i]! % CODE_ALPHABET.length];
  return code;
}
