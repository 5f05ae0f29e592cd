import { describe, expect, it } from 'vitest';
import { errorKey, isDomainError } from '../shared/decider';
import type { AffiliateCodeCommand, AffiliateCommand, ApplyForAffiliate } from './commands';
import { affiliateCodeDecider, type AffiliateCodeState, affiliateDecider, type AffiliateState, normalizeReferralCode, referralCodeFrom, REFERRAL_CODE } from './decider';
import type { AffiliateCodeEvent, AffiliateEvent } from './events';

const AT = '2026-11-25T10:00:00.000Z';
const LATER = '2026-11-26T10:00:00.000Z';

/** `given([AffiliateRegistered…]).when(ChangeAffiliateStatus).then([AffiliateStatusChanged…])` / `.thenFails('affiliateNotFound')`. */
function given(events: readonly AffiliateEvent[] = []) {
  const state = events.reduce<AffiliateState>(affiliateDecider.evolve, affiliateDecider.initialState);
  return {
    state,
    when(command: AffiliateCommand) {
      const outcome = affiliateDecider.decide(command, state, undefined);
      return {
        then(expected: readonly AffiliateEvent[]): void {
          if (isDomainError(outcome)) expect.fail(`expected events, got error ${errorKey(outcome)}`);
          expect(outcome).toEqual(expected);
        },
        thenFails(key: string): void {
          if (!isDomainError(outcome)) expect.fail(`expected ${key}, got ${JSON.stringify(outcome)}`);
          expect(errorKey(outcome)).toBe(key);
        },
      };
    },
  };
}

function givenCode(events: readonly AffiliateCodeEvent[] = []) {
  const state = events.reduce<AffiliateCodeState>(affiliateCodeDecider.evolve, affiliateCodeDecider.initialState);
  return {
    when(command: AffiliateCodeCommand) {
      const outcome = affiliateCodeDecider.decide(command, state, undefined);
      return { outcome, key: isDomainError(outcome) ? errorKey(outcome) : null };
    },
  };
}

const apply = (overrides: Partial<ApplyForAffiliate> = {}): ApplyForAffiliate => ({
  type: 'ApplyForAffiliate',
  userId: 'u1',
  siteId: 'kupon',
  userName: 'kplayer1',
  role: 'player',
  referralCode: 'K7PX2QMA',
  programmeOpen: true,
  now: AT,
  ...overrides,
});
const registered: AffiliateEvent = { type: 'AffiliateRegistered', data: { userId: 'u1', siteId: 'kupon', userName: 'kplayer1', referralCode: 'K7PX2QMA', status: 'active', at: AT } };

describe('affiliate account', () => {
  it('takes an online player of a site with the programme on in at once, active, with the reserved code', () => {
    given().when(apply()).then([registered]);
    expect(given([registered]).state).toEqual({ status: 'active', userId: 'u1', siteId: 'kupon', userName: 'kplayer1', referralCode: 'K7PX2QMA', since: AT });
  });

  it('answers a second application with the account there is: no new code, no second event', () => {
    given([registered]).when(apply({ referralCode: 'ZZZZ2222', now: LATER })).then([]);
  });

  it('refuses when the site has the programme off, a role that is not an online user, and a malformed code', () => {
    given().when(apply({ programmeOpen: false })).thenFails('affiliateProgrammeClosed');
    given().when(apply({ role: 'dealer' })).thenFails('permissionDenied|dealer');
    given().when(apply({ role: 'terminal' })).thenFails('permissionDenied|terminal');
    given().when(apply({ referralCode: 'ab' })).thenFails('invalidField|referralCode');
  });

  it('staff pause and resume an affiliate; the same status again is no change; no account, nothing to pause', () => {
    const paused: AffiliateEvent = { type: 'AffiliateStatusChanged', data: { userId: 'u1', siteId: 'kupon', status: 'passive', by: 'admin1', at: LATER } };
    given([registered]).when({ type: 'ChangeAffiliateStatus', status: 'passive', by: 'admin1', now: LATER }).then([paused]);
    given([registered, paused]).when({ type: 'ChangeAffiliateStatus', status: 'passive', by: 'admin1', now: LATER }).then([]);
    expect(given([registered, paused]).state.status).toBe('passive');
    given([registered, paused])
      .when({ type: 'ChangeAffiliateStatus', status: 'active', by: 'admin1', now: LATER })
      .then([{ type: 'AffiliateStatusChanged', data: { userId: 'u1', siteId: 'kupon', status: 'active', by: 'admin1', at: LATER } }]);
    given().when({ type: 'ChangeAffiliateStatus', status: 'passive', by: 'admin1', now: LATER }).thenFails('affiliateNotFound');
  });
});

describe('referral code reservation', () => {
  const reserve = (userId: string, referralCode = 'K7PX2QMA'): AffiliateCodeCommand => ({ type: 'ReserveAffiliateCode', siteId: 'kupon', referralCode, userId, now: AT });
  const held: AffiliateCodeEvent = { type: 'AffiliateCodeReserved', data: { siteId: 'kupon', referralCode: 'K7PX2QMA', userId: 'u1', at: AT } };

  it('holds a free code for one user; the same user again changes nothing; another user is refused', () => {
    expect(givenCode().when(reserve('u1')).outcome).toEqual([held]);
    expect(givenCode([held]).when(reserve('u1')).outcome).toEqual([]);
    expect(givenCode([held]).when(reserve('u2')).key).toBe('affiliateCodeTaken|K7PX2QMA');
    expect(givenCode().when(reserve('u1', 'bad code')).key).toBe('invalidField|referralCode');
  });

  it('draws codes a person can read back from random bytes, and compares what players type case-insensitively', () => {
    const code = referralCodeFrom([0, 1, 2, 3, 30, 31, 250, 255]);
    expect(code).toMatch(REFERRAL_CODE);
    expect(code).not.toMatch(/[01OIL]/);
    expect(referralCodeFrom([1, 1, 1, 1, 1, 1, 1, 1])).not.toBe(referralCodeFrom([2, 1, 1, 1, 1, 1, 1, 1]));
    expect(normalizeReferralCode('  k7px2qma ')).toBe('K7PX2QMA');
  });
});
