import { checkRegistration, normalizeEmail, normalizeMobile, type UniqueKind, uniqueStream } from '@kupon/domain';
import { v5 as uuidv5 } from 'uuid';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ActivationBody,
  AvailabilityQuery,
  AvailabilityResponse,
  CaptchaResponse,
  CountryList,
  CurrencyList,
  OkResponse,
  PlacesQuery,
  RegisterBody,
  RegisterResponse,
} from '../contract/identity';
import { ApiError, refusal } from '../http/api-error';
import { splitUserCode } from './secrets';
import { countriesIn, currenciesIn, siteCurrencies } from './places';
import { eventActor } from './views';
import { siteOf } from '../plugins/site';
import { accountsUnique, pendingCode, identityRefusals as refusals } from './requests';

const ACTIVATION_TTL_MS = 48 * 60 * 60_000;

/** The language lists are named in: the asked one, else the site's default, else Turkish (§1). */
function placesLang(asked: string | undefined, siteDefault: string): string {
  return asked ?? (/^[a-z]{2}$/.test(siteDefault) ? siteDefault : 'tr');
}

/** Namespace of user ids derived from a registration's idempotency key. */
const REGISTRATION_KEYS = '6f1d2b9e-4c55-4f43-9a3e-2f0f1b7c9d10';

/** Registration: the form's lists (countries, currencies), captcha, availability checks, sign-up and activation. */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.identity;
  const { accounts, captcha, mailer, clock, rateLimits } = services;
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

};
