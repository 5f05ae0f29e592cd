import { describe, expect, it } from 'vitest';
import { errorKey, isDomainError } from '../shared/decider';
import type { ActingUser, RegisterUser, UserCommand } from './commands';
import { userDecider, type UserState } from './decider';
import type { UserEvent, UserRegistered } from './events';
import { DEFAULT_BETTING_LIMITS } from './rules/limits';
import { uniqueValueDecider, type UniqueValueEvent } from './uniqueness';

const NOW = '2026-11-22T12:00:00.000Z';
const DEALER = '11111111-1111-4111-8111-111111111111';
const TOP = '22222222-2222-4222-8222-222222222222';
const PLAYER = '33333333-3333-4333-8333-333333333333';

function given(events: readonly UserEvent[] = []) {
  const state = events.reduce<UserState>(userDecider.evolve, userDecider.initialState);
  return {
    when(command: UserCommand) {
      const outcome = userDecider.decide(command, state, undefined);
      return {
        then(expected: readonly UserEvent[]) {
          if (isDomainError(outcome)) expect.fail(`expected events, got ${errorKey(outcome)}`);
          expect(outcome).toEqual(expected);
        },
        thenFails(key: string) {
          if (!isDomainError(outcome)) expect.fail(`expected ${key}, got ${JSON.stringify(outcome)}`);
          expect(errorKey(outcome)).toBe(key);
        },
      };
    },
  };
}

const registerPlayer = (overrides: Partial<RegisterUser> = {}): RegisterUser => ({
  type: 'RegisterUser',
  userId: PLAYER,
  siteId: 'kupon',
  role: 'player',
  form: {
    userName: 'ayse.y',
    password: 'secret12',
    passwordRepeat: 'secret12',
    email: 'Ayse@Example.com',
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    birthDate: '1.2.1990',
    sex: 'f',
    address: 'A 1',
    city: 'Istanbul',
    postCode: '34000',
    countryId: 'TR',
    phoneCode: '+90',
    mobile: '555 123 45 67',
  },
  rules: { mobileRequired: true, idNumberRequired: false, personalDetailsRequired: true, emailRequired: true },
  passwordHash: '$argon2id$hash',
  parent: { userId: DEALER, ancestors: [TOP] },
  activation: null,
  permissions: [],
  openingLimits: { dealers: null, users: null },
  now: NOW,
  ...overrides,
});

function registered(command: RegisterUser): UserRegistered {
  const outcome = userDecider.decide(command, userDecider.initialState, undefined);
  if (isDomainError(outcome)) throw new Error(errorKey(outcome));
  return outcome[0] as UserRegistered;
}

const dealerOpened = (role: 'dealer' | 'subDealer', limits: { dealers: number | null; users: number | null }): UserRegistered =>
  registered({ ...registerPlayer(), userId: DEALER, role, form: { userName: 'dealer01', password: 'pass1234', passwordRepeat: 'pass1234' }, rules: { mobileRequired: false, idNumberRequired: false, personalDetailsRequired: false, emailRequired: false }, parent: { userId: TOP, ancestors: [] }, permissions: ['userOpen', 'dealerOpen', 'userEdit', 'limitsEdit'], openingLimits: limits });

const actor = (userId: string, role: ActingUser['role'], permissions: ActingUser['permissions'] = ['userOpen', 'dealerOpen', 'userEdit', 'limitsEdit']): ActingUser => ({ userId, role, siteId: 'kupon', permissions });

describe('user decider', () => {
  it('registers with normalized e-mail, phone and ISO birth date under its dealer', () => {
    const event = registered(registerPlayer());
    expect(event.data).toMatchObject({ email: 'ayse@example.com', mobile: '905551234567', ancestors: [TOP, DEALER], parentId: DEALER, status: 'active', limits: DEFAULT_BETTING_LIMITS });
    expect(event.data.profile.birthDate).toBe('1990-02-01');
  });

  it('is pending while an activation code is outstanding, and activates once with the right unexpired code', () => {
    const pending = registered(registerPlayer({ activation: { codeHash: 'h1', expiresAt: '2026-11-23T12:00:00.000Z' } }));
    expect(pending.data.status).toBe('pending');
    given([pending]).when({ type: 'ActivateUser', codeHash: 'wrong', now: NOW }).thenFails('activationCodeWrong');
    given([pending]).when({ type: 'ActivateUser', codeHash: 'h1', now: '2026-11-23T12:00:00.000Z' }).thenFails('activationCodeWrong');
    given([pending]).when({ type: 'ActivateUser', codeHash: 'h1', now: NOW }).then([{ type: 'UserActivated', data: { userId: PLAYER, at: NOW } }]);
    given([pending, { type: 'UserActivated', data: { userId: PLAYER, at: NOW } }]).when({ type: 'ActivateUser', codeHash: 'h1', now: NOW }).thenFails('activationCodeWrong');
  });

  const login = (passwordOk: boolean, method: 'password' | 'operator' = 'password'): UserCommand => ({ type: 'LogIn', method, passwordOk, sessionRef: 'r1', ip: '10.0.0.1', userAgent: 'ua', machineId: null, by: null, now: NOW });

  it('logs a wrong password as a failed login, and refuses the wrong door without saying why', () => {
    const player = registered(registerPlayer());
    given([player]).when(login(false)).then([{ type: 'LoginFailed', data: { userId: PLAYER, siteId: 'kupon', method: 'password', reason: 'incorrectUsernameOrPassword', ip: '10.0.0.1', userAgent: 'ua', at: NOW } }]);
    given([player]).when(login(true, 'operator')).then([{ type: 'LoginFailed', data: { userId: PLAYER, siteId: 'kupon', method: 'operator', reason: 'wrongLoginForRole', ip: '10.0.0.1', userAgent: 'ua', at: NOW } }]);
    given([player]).when(login(true)).then([{ type: 'UserLoggedIn', data: { userId: PLAYER, siteId: 'kupon', sessionRef: 'r1', method: 'password', ip: '10.0.0.1', userAgent: 'ua', machineId: null, by: null, sessionEpoch: 0, at: NOW } }]);
  });

  it('an account the api throttle holds fails as accountLocked, whether the password was right or not', () => {
    const player = registered(registerPlayer());
    for (const passwordOk of [true, false]) {
      given([player]).when({ ...login(passwordOk), locked: true } as UserCommand).then([{ type: 'LoginFailed', data: { userId: PLAYER, siteId: 'kupon', method: 'password', reason: 'accountLocked', ip: '10.0.0.1', userAgent: 'ua', at: NOW } }]);
    }
  });

  it('a permission change moves the session epoch, so earlier sessions end', () => {
    const dealer = dealerOpened('dealer', { dealers: null, users: null });
    const changed: UserEvent = { type: 'PermissionsChanged', data: { userId: DEALER, permissions: ['reportsView'], by: TOP, at: NOW } };
    const state = [dealer, changed].reduce<UserState>(userDecider.evolve, userDecider.initialState);
    expect(state.status !== 'none' && state.sessionEpoch).toBe(1);
  });

  it('scopes staff commands to the subtree: thisOperatorNotYour outside it, readOnlyRole for the regulator', () => {
    const player = registered(registerPlayer());
    const change = (by: ActingUser): UserCommand => ({ type: 'ChangeUserStatus', status: 'passive', actor: by, now: NOW });
    given([player]).when(change(actor('99999999-9999-4999-8999-999999999999', 'dealer'))).thenFails('thisOperatorNotYour');
    given([player]).when(change({ ...actor(TOP, 'topDealer'), siteId: 'bahis' })).thenFails('thisOperatorNotYour');
    given([player]).when(change(actor('88888888-8888-4888-8888-888888888888', 'regulator'))).thenFails('readOnlyRole');
    given([player]).when(change(actor(DEALER, 'dealer', []))).thenFails('permissionDenied|userEdit');
    given([player]).when(change(actor(TOP, 'topDealer'))).then([{ type: 'UserStatusChanged', data: { userId: PLAYER, status: 'passive', by: TOP, at: NOW } }]);
  });

  it('site-wide staff accounts are an admin’s alone to change: an operator sees them but cannot touch them', () => {
    const OPERATOR = '66666666-6666-4666-8666-666666666666';
    const ADMIN = '77777777-7777-4777-8777-777777777777';
    const admin = registered({ ...registerPlayer(), userId: ADMIN, role: 'admin', form: { userName: 'admin01', password: 'pass1234', passwordRepeat: 'pass1234' }, rules: { mobileRequired: false, idNumberRequired: false, personalDetailsRequired: false, emailRequired: false }, parent: null });
    const byOperator = actor(OPERATOR, 'operator');
    given([admin]).when({ type: 'ChangeUserStatus', status: 'passive', actor: byOperator, now: NOW }).thenFails('thisOperatorNotYour');
    given([admin]).when({ type: 'EndSessions', actor: byOperator, now: NOW }).thenFails('thisOperatorNotYour');
    given([admin]).when({ type: 'UpdateProfile', changes: { city: 'Van' }, actor: byOperator, now: NOW }).thenFails('thisOperatorNotYour');
    given([admin]).when({ type: 'ChangeUserStatus', status: 'passive', actor: actor('55555555-5555-4555-8555-555555555555', 'admin'), now: NOW }).then([
      { type: 'UserStatusChanged', data: { userId: ADMIN, status: 'passive', by: '55555555-5555-4555-8555-555555555555', at: NOW } },
    ]);
    // A player is the operator's to manage.
    given([registered(registerPlayer())]).when({ type: 'ChangeUserStatus', status: 'passive', actor: byOperator, now: NOW }).then([{ type: 'UserStatusChanged', data: { userId: PLAYER, status: 'passive', by: OPERATOR, at: NOW } }]);
  });

  it('a profile update keeps §5: a mandatory field is not blanked, gender stays m or f, text is trimmed', () => {
    const player = registered(registerPlayer());
    const update = (changes: Record<string, string>): UserCommand => ({ type: 'UpdateProfile', changes, actor: actor(PLAYER, 'player', []), now: NOW });
    given([player]).when(update({ address: '  ' })).thenFails('isRequiredArea|address');
    given([player]).when(update({ city: 'Ankara', postCode: '' })).thenFails('isRequiredArea|postCode');
    given([player]).when(update({ countryId: '' })).thenFails('isRequiredArea|countryId');
    given([player]).when(update({ sex: 'x' })).thenFails('sexCanNotbeNull');
    given([player]).when(update({ city: ' Ankara ' })).then([{ type: 'ProfileUpdated', data: { userId: PLAYER, changes: { city: 'Ankara' }, by: PLAYER, at: NOW } }]);
    // A dealer that never had an address may leave it empty.
    given([dealerOpened('dealer', { dealers: null, users: null })]).when({ type: 'UpdateProfile', changes: { address: '' }, actor: actor(DEALER, 'dealer'), now: NOW }).then([
      { type: 'ProfileUpdated', data: { userId: DEALER, changes: { address: '' }, by: DEALER, at: NOW } },
    ]);
  });

  it('a country is an ISO 3166 code, at registration and in a profile update (§7 getCountries)', () => {
    const form = registerPlayer().form;
    given().when(registerPlayer({ form: { ...form, countryId: 'Türkiye' } })).thenFails('invalidField|countryId');
    given().when(registerPlayer({ form: { ...form, countryId: 'EU' } })).thenFails('invalidField|countryId');
    const player = registered(registerPlayer());
    const update = (changes: Record<string, string>): UserCommand => ({ type: 'UpdateProfile', changes, actor: actor(PLAYER, 'player', []), now: NOW });
    given([player]).when(update({ countryId: 'XX' })).thenFails('invalidField|countryId');
    given([player]).when(update({ countryId: 'DE' })).then([{ type: 'ProfileUpdated', data: { userId: PLAYER, changes: { countryId: 'DE' }, by: PLAYER, at: NOW } }]);
  });

  it('a currency must be one the site offers, when the site names them (§7 getCurrencies)', () => {
    const form = registerPlayer().form;
    const rules = { ...registerPlayer().rules, currencies: ['EUR', 'TRY', 'USD'] };
    given().when(registerPlayer({ form: { ...form, currency: 'GBP' }, rules })).thenFails('invalidField|currency');
    expect(registered(registerPlayer({ form: { ...form, currency: 'USD' }, rules })).data.profile.currency).toBe('USD');
  });

  it('autoprint is not chosen at registration (null: the site decides) until the player sets it', () => {
    const player = registered(registerPlayer());
    expect(player.data.profile.autoprint).toBeNull();
    // An account registered when "not chosen" was written as false reads as not chosen too.
    const older: UserRegistered = { ...player, data: { ...player.data, profile: { ...player.data.profile, autoprint: false } } };
    const chose: UserEvent = { type: 'ProfileUpdated', data: { userId: PLAYER, changes: { autoprint: false }, by: PLAYER, at: NOW } };
    const profileOf = (events: UserEvent[]) => {
      const state = events.reduce<UserState>(userDecider.evolve, userDecider.initialState);
      return state.status === 'none' ? null : state.profile.autoprint;
    };
    expect([profileOf([older]), profileOf([older, chose])]).toEqual([null, false]);
    given([player]).when({ type: 'UpdateProfile', changes: { autoprint: true }, actor: actor(PLAYER, 'player', []), now: NOW }).then([
      { type: 'ProfileUpdated', data: { userId: PLAYER, changes: { autoprint: true }, by: PLAYER, at: NOW } },
    ]);
  });

  it('opens sub-accounts up to the dealer’s limits', () => {
    const dealer = dealerOpened('dealer', { dealers: 1, users: 1 });
    const open = (childRole: 'subDealer' | 'player', childId: string): UserCommand => ({ type: 'OpenSubAccount', childId, childRole, actor: actor(DEALER, 'dealer'), now: NOW });
    const openedSub: UserEvent = { type: 'SubAccountOpened', data: { userId: DEALER, childId: 'c1', childRole: 'subDealer', at: NOW } };
    const openedPlayer: UserEvent = { type: 'SubAccountOpened', data: { userId: DEALER, childId: 'c2', childRole: 'player', at: NOW } };
    given([dealer]).when(open('subDealer', 'c1')).then([openedSub]);
    given([dealer, openedSub]).when(open('subDealer', 'c3')).thenFails('dealerOpeningLimitExpired');
    given([dealer, openedSub]).when(open('player', 'c2')).then([openedPlayer]);
    given([dealer, openedSub, openedPlayer]).when(open('player', 'c4')).thenFails('userSizeError');
    const sub = dealerOpened('subDealer', { dealers: null, users: null });
    given([sub]).when({ type: 'OpenSubAccount', childId: 'c5', childRole: 'dealer', actor: actor(DEALER, 'subDealer'), now: NOW }).thenFails('permissionDenied|dealer');
  });

  it('betting limits only go up for a dealer (0 = none is the top), anything goes for an admin', () => {
    const player = registered(registerPlayer());
    const withMaxStake = (maxStake: number) => ({ ...DEFAULT_BETTING_LIMITS, combine: { ...DEFAULT_BETTING_LIMITS.combine, maxStake } });
    const set = (maxStake: number, by: ActingUser): UserCommand => ({ type: 'ChangeBettingLimits', limits: withMaxStake(maxStake), actor: by, now: NOW });
    given([player]).when(set(5_000, actor(TOP, 'topDealer'))).thenFails('limitCanOnlyBeRaised|combine.maxStake|10000');
    given([player]).when(set(0, actor(TOP, 'topDealer'))).then([{ type: 'BettingLimitsChanged', data: { userId: PLAYER, limits: withMaxStake(0), by: TOP, at: NOW } }]);
    given([player]).when(set(5_000, actor('77777777-7777-4777-8777-777777777777', 'admin'))).then([{ type: 'BettingLimitsChanged', data: { userId: PLAYER, limits: withMaxStake(5_000), by: '77777777-7777-4777-8777-777777777777', at: NOW } }]);
  });
});

describe('unique value decider', () => {
  const reserve = (userId: string, abandonedHolder: string | null = null) => ({ type: 'ReserveUniqueValue' as const, kind: 'username' as const, userId, abandonedHolder, now: NOW });
  const held = (userId: string): UniqueValueEvent => ({ type: 'UniqueValueReserved', data: { kind: 'username', userId, at: NOW } });

  it('lets the first reservation win and refuses the next with the §8 key', () => {
    expect(uniqueValueDecider.decide(reserve('a'), uniqueValueDecider.initialState, undefined)).toEqual([held('a')]);
    const state = uniqueValueDecider.evolve(uniqueValueDecider.initialState, held('a'));
    expect(errorKey(uniqueValueDecider.decide(reserve('b'), state, undefined) as never)).toBe('usernameAlreadyUseRegister');
    expect(uniqueValueDecider.decide(reserve('a'), state, undefined)).toEqual([]);
  });

  it('takes over only the abandoned holder it checked, never a newer one', () => {
    const state = uniqueValueDecider.evolve(uniqueValueDecider.initialState, held('a'));
    expect(uniqueValueDecider.decide(reserve('b', 'a'), state, undefined)).toEqual([{ type: 'UniqueValueReleased', data: { kind: 'username', userId: 'a', at: NOW } }, held('b')]);
    expect(errorKey(uniqueValueDecider.decide(reserve('c', 'x'), state, undefined) as never)).toBe('usernameAlreadyUseRegister');
  });
});
