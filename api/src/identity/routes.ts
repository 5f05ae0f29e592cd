import {
  checkPassword,
  checkRegistration,
  type DomainError,
  domainError,
  isDomainError,
  type LoginMethod,
  normalizeEmail,
  normalizeMobile,
  type UniqueKind,
  uniqueStream,
  userDecider,
} from '@kupon/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { v5 as uuidv5 } from 'uuid';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { IdentityServices } from '../app';
import {
  ActivationBody,
  AvailabilityQuery,
  AvailabilityResponse,
  CaptchaResponse,
  ChangePasswordBody,
  CountryList,
  CurrencyList,
  ErrorBody,
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  LoginTicketResponse,
  LoginWithUserBody,
  OkResponse,
  PlacesQuery,
  ProfileBody,
  ProfileView,
  RedeemLoginTicketBody,
  RegisterBody,
  RegisterResponse,
  ResetPasswordBody,
  SessionView,
  TerminalLoginBody,
  UserInfo,
} from '../contract/identity';
import { ApiError, refusal } from '../http/api-error';
import { actingUser, type LiveUser } from '../identity/accounts';
import { LoginTickets } from '../identity/login-tickets';
import { newUserCode, randomToken, sha256, splitUserCode } from '../identity/secrets';
import { countriesIn, currenciesIn, siteCurrencies } from '../identity/places';
import { clearSessionCookie, eventActor, profileView, setSessionCookie, userAgent, userInfo } from '../identity/views';
import { actorOf, requireLogin, requireRole, SESSION_COOKIE } from '../plugins/auth';
import { siteOf } from '../plugins/site';

const ACTIVATION_TTL_MS = 48 * 60 * 60_000;
const RESET_TTL_MS = 30 * 60_000;
/** Compared against when the user name is unknown, so both answers take as long. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$K5yJ6aMeCULXrWAy10w4Lg$YG5TOvFfaATEiM7y29jx3QyaUhVEF9ct+7G7OumoX9M';

/** The language lists are named in: the asked one, else the site's default, else Turkish (§1). */
function placesLang(asked: string | undefined, siteDefault: string): string {
  return asked ?? (/^[a-z]{2}$/.test(siteDefault) ? siteDefault : 'tr');
}

/** Namespace of user ids derived from a registration's idempotency key. */
const REGISTRATION_KEYS = '6f1d2b9e-4c55-4f43-9a3e-2f0f1b7c9d10';

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 429: ErrorBody };

/** Registration, activation, captcha, login (player, operator, terminal, login-with-user), logout, own account. */
export const identityRoutes: FastifyPluginAsyncZod<IdentityServices> = async (app, services) => {
  const { accounts, sessions, captcha, mailer, passwords, clock, rateLimits, secureCookies } = services;

  app.get(
    '/countries',
    { schema: { tags: ['identity'], summary: 'getCountries: every ISO 3166 country, named in the asked language', querystring: PlacesQuery, response: { 200: CountryList, ...refusals } } },
    async (request) => {
      const site = siteOf(request);
      return { defaultCountry: site.settings.defaultCountry, countries: countriesIn(placesLang(request.query.lang, site.settings.defaultLang)) };
    },
  );

  app.get(
    '/currencies',
    { schema: { tags: ['identity'], summary: "getCurrencies: the currencies a player of the site may hold, the site's default first", querystring: PlacesQuery, response: { 200: CurrencyList, ...refusals } } },
    async (request) => {
      const site = siteOf(request);
      return { defaultCurrency: site.settings.defaultCurrency, currencies: currenciesIn(placesLang(request.query.lang, site.settings.defaultLang), site.settings.defaultCurrency) };
    },
  );

  app.get('/captcha', { schema: { tags: ['identity'], summary: 'getCaptcha: a new image challenge', response: { 200: CaptchaResponse, ...refusals } } }, async (request) => {
    return captcha.issue(siteOf(request).siteId);
  });

  app.get(
    '/users/availability/:kind',
    {
      // The spec's userNameCheck / emailCheck…: useful to a form, so limited to keep them from becoming a directory.
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['identity'],
        summary: 'userNameCheck / emailCheck / mobileCheck / idNumberCheck',
        params: z.object({ kind: z.enum(['username', 'email', 'mobile', 'idnumber'], 'invalidField|kind') }),
        querystring: AvailabilityQuery,
        response: { 200: AvailabilityResponse, ...refusals },
      },
    },
    async (request) => {
      const site = siteOf(request);
      const kind = request.params.kind as UniqueKind;
      const raw = request.query.value;
      const value = kind === 'email' ? normalizeEmail(raw) : kind === 'mobile' ? normalizeMobile(undefined, raw) : kind === 'idnumber' ? raw.trim().toUpperCase() : raw;
      const { state } = await accountsUnique(services, uniqueStream(site.siteId, kind, value));
      return { available: state === 'free' };
    },
  );

  app.post(
    '/users',
    {
      config: { rateLimit: rateLimits.register, geoGuarded: true, maintenanceGuarded: true },
      schema: { tags: ['identity'], summary: 'userRegister (§5 rules, captcha, unique username / e-mail / phone / ID number); an Idempotency-Key header makes a retry safe',
        headers: z.object({ 'idempotency-key': z.string().max(200, 'unexpectedLength|idempotency-key').optional() }).loose(),
        body: RegisterBody, response: { 201: RegisterResponse, ...refusals } },
    },
    async (request, reply) => {
      const site = siteOf(request);
      if (site.settings.registerDisabled) throw new ApiError(403, 'registerDisabled');
      const { captchaId, captchaCode, ...form } = request.body;
      // §3 registerMobileRequired / registerTcRequired: the same switches the player site's form reads.
      const rules = {
        mobileRequired: site.settings.registerMobileRequired,
        idNumberRequired: site.settings.registerTcRequired,
        personalDetailsRequired: true,
        emailRequired: true,
        currencies: siteCurrencies(site.settings.defaultCurrency),
      };
      // The form's own rules first, so a typo does not spend the captcha.
      const early = checkRegistration(form, rules, clock().toISOString());
      if (early) throw refusal(early);
      // A retry with the same Idempotency-Key is answered with the account it opened, not repeated.
      const key = request.headers['idempotency-key'];
      const userId = typeof key === 'string' && key.length > 0 && key.length <= 200 ? uuidv5(`${site.siteId}:${key}`, REGISTRATION_KEYS) : undefined;
      const replay = userId ? await accounts.load(userId) : null;
      if (replay) {
        if (replay.userName.toLowerCase() !== form.userName!.toLowerCase()) throw new ApiError(422, 'invalidField', 'idempotency-key');
        return reply.code(201).send({ userId: replay.userId, status: replay.status === 'pending' ? 'pending' : 'active' });
      }
      if (!captchaId || !captchaCode || !(await captcha.check(site.siteId, captchaId, captchaCode))) throw new ApiError(422, 'securityCodeWrong');
      const activation = site.settings.mailActivation ? pendingCode(clock, ACTIVATION_TTL_MS) : null;
      const opened = await accounts.open({
        ...(userId ? { userId } : {}),
        siteId: site.siteId,
        role: 'player',
        form: { ...form, currency: form.currency ?? site.settings.defaultCurrency, lang: form.lang ?? site.settings.defaultLang },
        rules,
        parent: null,
        activation: activation ? { codeHash: activation.codeHash, expiresAt: activation.expiresAt } : null,
        actor: eventActor(request),
        correlationId: request.id,
      });
      if (!opened.ok) throw refusal(opened.error);
      if (activation) {
        const code = `${opened.userId}.${activation.secret}`;
        await mailer.send({
          siteId: site.siteId,
          to: normalizeEmail(form.email!),
          kind: 'activation',
          subject: `${site.name}: activate your account`,
          text: `Your activation code: ${code}\nOpen /activation/${encodeURIComponent(code)} to activate.`,
          lang: form.lang ?? site.settings.defaultLang,
          values: { siteName: site.name, userName: form.userName!, code, link: `/activation/${encodeURIComponent(code)}` },
        });
      }
      return reply.code(201).send({ userId: opened.userId, status: activation ? 'pending' : 'active' });
    },
  );

  app.post('/users/activation', { schema: { tags: ['identity'], summary: 'activation/{activationCode}', body: ActivationBody, response: { 200: OkResponse, ...refusals } } }, async (request) => {
    const site = siteOf(request);
    const code = splitUserCode(request.body.activationCode);
    const user = code ? await accounts.load(code.userId) : null;
    if (!code || !user || user.siteId !== site.siteId) throw new ApiError(422, 'activationCodeWrong');
    const outcome = await accounts.execute(user.userId, { type: 'ActivateUser', codeHash: code.codeHash, now: clock().toISOString() }, eventActor(request), request.id);
    if (!outcome.ok) throw refusal(outcome.error);
    return { status: true as const };
  });

  /** Password check, the user's LogIn decision, then a fresh session id (never the one the request came with). */
  const login = async (request: FastifyRequest, reply: FastifyReply, method: LoginMethod, userName: string, password: string, machineId: string | null) => {
    const site = siteOf(request);
    const user = await accounts.byUserName(site.siteId, userName);
    const passwordOk = await passwords.verify(user?.passwordHash ?? DUMMY_HASH, password);
    if (!user) throw new ApiError(401, 'incorrectUsernameOrPassword');
    return startSession(request, reply, user, method, passwordOk, machineId, null);
  };

  const startSession = async (request: FastifyRequest, reply: FastifyReply, user: LiveUser, method: LoginMethod, passwordOk: boolean, machineId: string | null, by: LiveUser | null) => {
    const sessionRef = crypto.randomUUID();
    const outcome = await accounts.execute(
      user.userId,
      { type: 'LogIn', method, passwordOk, sessionRef, ip: request.ip, userAgent: userAgent(request), machineId, by: by ? actingUser(by) : null, now: clock().toISOString() },
      // The dealer is who did it, also when a ticket is redeemed on the player site (no dealer cookie there).
      by ? { userId: by.userId, role: by.role, ip: request.ip } : { userId: user.userId, role: user.role, ip: request.ip },
      request.id,
    );
    if (!outcome.ok) throw refusal(outcome.error);
    const event = outcome.events[0];
    if (event?.type === 'LoginFailed') {
      // A right password earns the real reason; a wrong one (or the wrong door for the role) learns nothing.
      const reason = event.data.reason;
      if (passwordOk && (reason === 'userNotActivated' || reason === 'userPassive')) throw new ApiError(403, reason);
      throw new ApiError(401, 'incorrectUsernameOrPassword');
    }
    // No fixation: the id the request came with ends (a dealer's own session survives loginwithuser).
    const previous = request.cookies[SESSION_COOKIE];
    if (previous && !by) await sessions.end(previous);
    const session = await sessions.start(user, { session: event?.type === 'UserLoggedIn' ? event.data.sessionEpoch : -1, role: siteOf(request).roleEpoch(user.role) }, method, request.ip, sessionRef);
    setSessionCookie(reply, session, secureCookies);
    const fresh = (await accounts.load(user.userId)) ?? user;
    return { status: true as const, user: userInfo(fresh) };
  };

  /** The player site's logins (players, terminals) are closed during maintenance; the back office's stays open. */
  const loginSchema = (summary: string, body: typeof LoginBody | typeof TerminalLoginBody, { geoGuarded = false, maintenanceGuarded = true } = {}) => ({
    config: { rateLimit: rateLimits.login, maintenanceGuarded, ...(geoGuarded ? { geoGuarded: true as const } : {}) },
    schema: { tags: ['sessions'], summary, body, response: { 200: LoginResponse, ...refusals } },
  });

  app.post('/sessions', loginSchema('userLogin: players and affiliates', LoginBody, { geoGuarded: true }), async (request, reply) =>
    login(request, reply, 'password', request.body.userName, request.body.password, null),
  );
  app.post('/sessions/operator', loginSchema('operatorLogin: staff and dealers', LoginBody, { maintenanceGuarded: false }), async (request, reply) =>
    login(request, reply, 'operator', request.body.userName, request.body.password, null),
  );
  app.post('/sessions/terminal', loginSchema('doLoginHandTerminal / handlogin: a terminal (cashier point)', TerminalLoginBody), async (request, reply) => {
    const body = request.body as z.infer<typeof TerminalLoginBody>;
    return login(request, reply, 'terminal', body.userName, body.password, body.machineId ?? null);
  });

  /** Who may log in as a user; the target's subtree and role are the LogIn decision's (checkManages). */
  const asUserRoles = requireRole('topDealer', 'dealer', 'subDealer', 'admin', 'operator');
  const asUserParties = async (request: FastifyRequest, userId: string) => {
    const [target, dealer] = await Promise.all([accounts.load(userId), accounts.load(actorOf(request).userId)]);
    if (!target || !dealer) throw new ApiError(403, 'thisOperatorNotYour');
    return { target, dealer };
  };

  app.post(
    '/sessions/as-user',
    {
      preHandler: asUserRoles,
      schema: { tags: ['sessions'], summary: 'loginwithuser: a dealer opens a session as a player or terminal of its subtree', body: LoginWithUserBody, response: { 200: LoginResponse, ...refusals } },
    },
    async (request, reply) => {
      const { target, dealer } = await asUserParties(request, request.body.userId);
      return startSession(request, reply, target, 'loginWithUser', true, null, dealer);
    },
  );

  /**
   * loginwithuser across origins: the back office gets a single-use 60 s ticket for a user it could log
   * in as (the LogIn decision is asked, nothing is appended yet); the player site redeems it at
   * /tr/loginwithuser, which opens the session as `POST /sessions/as-user` does, with the dealer as `by`.
   */
  const tickets = new LoginTickets(services.pool, clock);
  app.post(
    '/sessions/as-user/tickets',
    {
      preHandler: asUserRoles,
      schema: { tags: ['sessions'], summary: 'loginwithuser handoff: a single-use ticket the player site redeems', body: LoginWithUserBody, response: { 201: LoginTicketResponse, ...refusals } },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const { target, dealer } = await asUserParties(request, request.body.userId);
      const verdict = userDecider.decide(
        { type: 'LogIn', method: 'loginWithUser', passwordOk: true, sessionRef: '', ip: request.ip, userAgent: userAgent(request), machineId: null, by: actingUser(dealer), now: clock().toISOString() },
        target,
        undefined,
      );
      if (isDomainError(verdict)) throw refusal(verdict);
      const failed = verdict.find((event) => event.type === 'LoginFailed');
      // Staff see the account anyway: they learn why it cannot be opened (passive, not activated, a role with no player session).
      if (failed) throw refusal(failed.data.reason === 'wrongLoginForRole' ? domainError('permissionDenied', target.role) : domainError(failed.data.reason));
      const { ticket, expiresAt } = await tickets.issue(site.siteId, { userId: target.userId, byUserId: dealer.userId });
      // Spec §1: any path containing loginwithuser is under the tr prefix.
      return reply.code(201).send({ ticket, expiresAt, url: `/tr/loginwithuser?ticket=${encodeURIComponent(ticket)}` });
    },
  );

  app.post(
    '/sessions/as-user/redeem',
    {
      config: { rateLimit: rateLimits.login, maintenanceGuarded: true },
      schema: { tags: ['sessions'], summary: 'loginwithuser handoff: the player site spends a ticket and gets the user\'s session', body: RedeemLoginTicketBody, response: { 200: LoginResponse, ...refusals } },
    },
    async (request, reply) => {
      const held = await tickets.redeem(siteOf(request).siteId, request.body.ticket);
      const [target, dealer] = held ? await Promise.all([accounts.load(held.userId), accounts.load(held.byUserId)]) : [null, null];
      // A dealer made passive within the ticket's minute no longer opens anything.
      if (!target || !dealer || dealer.status !== 'active') throw new ApiError(422, 'loginTicketInvalid');
      return startSession(request, reply, target, 'loginWithUser', true, null, dealer);
    },
  );

  app.delete(
    '/sessions/current',
    { config: { readOnlyAllowed: true, maintenanceAllowed: true }, schema: { tags: ['sessions'], summary: 'logout', response: { 200: OkResponse, ...refusals } } },
    async (request, reply) => {
      const sessionId = request.cookies[SESSION_COOKIE];
      const ended = sessionId ? await sessions.end(sessionId) : null;
      if (ended) {
        await accounts.execute(ended.userId, { type: 'LogOut', sessionRef: ended.sessionRef, now: clock().toISOString() }, eventActor(request), request.id);
      }
      clearSessionCookie(reply, secureCookies);
      return { status: true as const };
    },
  );

  app.delete(
    '/sessions',
    { preHandler: requireLogin, config: { readOnlyAllowed: true, maintenanceAllowed: true }, schema: { tags: ['sessions'], summary: 'logout everywhere: every session of the user ends', response: { 200: OkResponse, ...refusals } } },
    async (request, reply) => {
      const actor = actorOf(request);
      await endSessions(services, request, actor.userId);
      clearSessionCookie(reply, secureCookies);
      return { status: true as const };
    },
  );

  app.get('/sessions', { preHandler: requireLogin, schema: { tags: ['sessions'], summary: 'my live sessions', response: { 200: z.object({ sessions: z.array(SessionView) }), ...refusals } } }, async (request) => ({
    sessions: await sessions.listOf(actorOf(request).userId),
  }));

  app.get('/me', { preHandler: requireLogin, schema: { tags: ['identity'], summary: 'getUserData', response: { 200: UserInfo, ...refusals } } }, async (request) => {
    const user = await accounts.load(actorOf(request).userId);
    if (!user) throw new ApiError(401, 'loginRequired');
    return userInfo(user);
  });

  app.get('/me/profile', { preHandler: requireLogin, schema: { tags: ['identity'], summary: 'userdetail: my own account details, for the profile form', response: { 200: ProfileView, ...refusals } } }, async (request) => {
    const user = await accounts.load(actorOf(request).userId);
    if (!user) throw new ApiError(401, 'loginRequired');
    return profileView(user);
  });

  app.patch('/me/profile', { preHandler: requireLogin, schema: { tags: ['identity'], summary: 'updateProfile', body: ProfileBody, response: { 200: UserInfo, ...refusals } } }, async (request) => {
    const actor = actorOf(request);
    const changes = Object.fromEntries(Object.entries(request.body).filter(([, value]) => value !== undefined));
    const outcome = await accounts.execute(actor.userId, { type: 'UpdateProfile', changes, actor: actingUser(actor), now: clock().toISOString() }, eventActor(request), request.id);
    if (!outcome.ok) throw refusal(outcome.error);
    return userInfo((await accounts.load(actor.userId))!);
  });

  app.post(
    '/me/password',
    { preHandler: requireLogin, schema: { tags: ['identity'], summary: 'changePassword: every session ends; this one is renewed', body: ChangePasswordBody, response: { 200: OkResponse, ...refusals } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const { currentPassword, newPassword, newPasswordRepeat } = request.body;
      const refused: DomainError | null =
        checkPassword(newPassword, 'newPassword') ??
        (newPasswordRepeat !== undefined && newPasswordRepeat !== newPassword ? domainError('passwordRepeatMismatch') : null) ??
        (newPassword.toLowerCase() === actor.userName.toLowerCase() ? domainError('userName_password_cannot_same') : null);
      if (refused) throw refusal(refused);
      const user = (await accounts.load(actor.userId))!;
      const currentPasswordOk = await passwords.verify(user.passwordHash, currentPassword);
      const passwordHash = currentPasswordOk ? await passwords.hash(newPassword) : '';
      const outcome = await accounts.execute(actor.userId, { type: 'ChangePassword', currentPasswordOk, passwordHash, actor: actingUser(actor), now: clock().toISOString() }, eventActor(request), request.id);
      if (!outcome.ok) throw refusal(outcome.error);
      await sessions.endAllOf(actor.userId);
      const changed = (await accounts.load(actor.userId))!;
      const session = await sessions.start(changed, { session: changed.sessionEpoch, role: siteOf(request).roleEpoch(changed.role) }, 'password', request.ip);
      setSessionCookie(reply, session, secureCookies);
      return { status: true as const, message: 'userPassChangeSuccess' };
    },
  );

  app.post(
    '/password/forgot',
    {
      config: { rateLimit: rateLimits.forgotPassword },
      schema: { tags: ['identity'], summary: 'forgotPassword: mails a single-use reset code (same answer whether or not the account exists)', body: ForgotPasswordBody, response: { 200: OkResponse, ...refusals } },
    },
    async (request) => {
      const site = siteOf(request);
      const { userName, email } = request.body;
      if (!userName && !email) throw new ApiError(400, 'isRequiredArea|userName');
      const user = userName ? await accounts.byUserName(site.siteId, userName) : await userByEmail(services, site.siteId, email!);
      if (user && user.email && user.status !== 'passive') {
        const code = newUserCode(user.userId);
        const now = clock();
        const outcome = await accounts.execute(
          user.userId,
          { type: 'RequestPasswordReset', code: { codeHash: code.codeHash, expiresAt: new Date(now.getTime() + RESET_TTL_MS).toISOString() }, now: now.toISOString() },
          eventActor(request),
          request.id,
        );
        if (outcome.ok) {
          await mailer.send({
            siteId: site.siteId,
            to: user.email,
            kind: 'passwordReset',
            subject: `${site.name}: password renewal`,
            text: `Your password renewal code: ${code.code}\nOpen /resetPassword/${encodeURIComponent(code.code)} within 30 minutes.`,
            lang: user.profile.lang || site.settings.defaultLang,
            values: { siteName: site.name, userName: user.userName, code: code.code, link: `/resetPassword/${encodeURIComponent(code.code)}` },
          });
        }
      }
      return { status: true as const };
    },
  );

  app.post('/password/reset', { schema: { tags: ['identity'], summary: 'resetPassword/{passCode}', body: ResetPasswordBody, response: { 200: OkResponse, ...refusals } } }, async (request) => {
    const site = siteOf(request);
    const { passCode, password, repassword } = request.body;
    const refused = checkPassword(password) ?? (password !== repassword ? domainError('passwordRepeatMismatch') : null);
    if (refused) throw refusal(refused);
    const code = splitUserCode(passCode);
    const user = code ? await accounts.load(code.userId) : null;
    if (!code || !user || user.siteId !== site.siteId) throw new ApiError(422, 'passwordRenewalCodeIncorrect');
    if (password.toLowerCase() === user.userName.toLowerCase()) throw new ApiError(422, 'userName_password_cannot_same');
    const outcome = await accounts.execute(
      user.userId,
      { type: 'ResetPassword', codeHash: code.codeHash, passwordHash: await passwords.hash(password), now: clock().toISOString() },
      eventActor(request),
      request.id,
    );
    if (!outcome.ok) throw refusal(outcome.error);
    await sessions.endAllOf(user.userId);
    return { status: true as const, message: 'userPassChangeSuccess' };
  });
};

/** A single-use code's secret and the hash the event keeps. */
function pendingCode(clock: () => Date, ttlMs: number): { secret: string; codeHash: string; expiresAt: string } {
  const secret = randomToken(24);
  return { secret, codeHash: sha256(secret), expiresAt: new Date(clock().getTime() + ttlMs).toISOString() };
}

async function accountsUnique(services: IdentityServices, stream: string): Promise<{ state: 'free' | 'held'; userId: string | null }> {
  const events = await services.store.readStream(stream, { direction: 'backwards', maxCount: 1 });
  const last = events[0];
  return last?.type === 'UniqueValueReserved' ? { state: 'held', userId: String(last.data.userId) } : { state: 'free', userId: null };
}

async function userByEmail(services: IdentityServices, siteId: string, email: string): Promise<LiveUser | null> {
  const held = await accountsUnique(services, uniqueStream(siteId, 'email', normalizeEmail(email)));
  return held.userId ? services.accounts.load(held.userId) : null;
}

/** Logout everywhere / staff ending a user's sessions: the event ends them in every process; the rows go too. */
export async function endSessions(services: IdentityServices, request: FastifyRequest, userId: string): Promise<void> {
  const actor = actorOf(request);
  const outcome = await services.accounts.execute(userId, { type: 'EndSessions', actor: actingUser(actor), now: services.clock().toISOString() }, eventActor(request), request.id);
  if (!outcome.ok) throw refusal(outcome.error);
  await services.sessions.endAllOf(userId);
}
