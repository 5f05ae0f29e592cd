import { checkPassword, type DomainError, domainError } from '@kupon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ChangePasswordBody,
  ForgotPasswordBody,
  OkResponse,
  ProfileBody,
  ProfileView,
  ResetPasswordBody,
  UserInfo,
} from '../contract/identity';
import { ApiError, refusal } from '../http/api-error';
import { actingUser } from './accounts';
import { newUserCode, splitUserCode } from './secrets';
import { eventActor, profileView, setSessionCookie, userInfo } from './views';
import { actorOf, requireLogin } from '../plugins/auth';
import { siteOf } from '../plugins/site';
import { userByEmail, identityRefusals as refusals } from './requests';

const RESET_TTL_MS = 30 * 60_000;

/** My own account: who I am, my profile, my password, and a forgotten password's reset. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.identity;
  const { accounts, sessions, mailer, passwords, clock, rateLimits, secureCookies } = services;
  app.get('/me', { preParsing: requireLogin, schema: { tags: ['identity'], summary: 'getUserData', response: { 200: UserInfo, ...refusals } } }, async (request) => {
    const user = await accounts.load(actorOf(request).userId);
    if (!user) throw new ApiError(401, 'loginRequired');
    return userInfo(user);
  });

  app.get('/me/profile', { preParsing: requireLogin, schema: { tags: ['identity'], summary: 'userdetail: my own account details, for the profile form', response: { 200: ProfileView, ...refusals } } }, async (request) => {
    const user = await accounts.load(actorOf(request).userId);
    if (!user) throw new ApiError(401, 'loginRequired');
    return profileView(user);
  });

  app.patch('/me/profile', { preParsing: requireLogin, schema: { tags: ['identity'], summary: 'updateProfile', body: ProfileBody, response: { 200: UserInfo, ...refusals } } }, async (request) => {
    const actor = actorOf(request);
    const changes = Object.fromEntries(Object.entries(request.body).filter(([, value]) => value !== undefined));
    const outcome = await accounts.execute(actor.userId, { type: 'UpdateProfile', changes, actor: actingUser(actor), now: clock().toISOString() }, eventActor(request), request.id);
    if (!outcome.ok) throw refusal(outcome.error);
    return userInfo((await accounts.load(actor.userId))!);
  });

  app.post(
    '/me/password',
    { preParsing: requireLogin, schema: { tags: ['identity'], summary: 'changePassword: every session ends; this one is renewed', body: ChangePasswordBody, response: { 200: OkResponse, ...refusals } } },
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
