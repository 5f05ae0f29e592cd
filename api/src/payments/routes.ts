import {
  type DomainError,
  domainError,
  isDomainError,
  MINOR_PER_UNIT,
  transferDecider,
  transferStream,
  paymentMethodsDecider,
  paymentMethodsStream,
  settingKey,
} from '@kupon/domain';
import { derivedId, requestPayment, terminalCash as terminalCashUseCase } from '@kupon/commands';
import { IdempotencyConflict } from '@kupon/eventstore';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '../contract/identity';
import {
  BanksQuery,
  BanksResponse,
  AddPaymentMethodBody,
  FormFieldsBody,
  PaymentMethodSettingBody,
  PaymentMethodSettingParams,
  PaymentMethodSettingsResponse,
  PaymentMethodsQuery,
  PaymentMethodsResponse,
  SlipResponse,
  TerminalCashBody,
  TransferRequestBody,
  TransferRequestResponse,
} from '../contract/money';
import { ApiError, refusal } from '../http/api-error';
import { actorOf, requireLogin, requireRole } from '../plugins/auth';
import { siteOf } from '../plugins/site';
import { allMethods, findPaytype } from './methods';
import { currencyOf, requestMeta, requesterOf } from './money';
import type { PaymentAnswer } from './provider';

const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 502: ErrorBody };

type TransferRequestInput = z.output<typeof TransferRequestBody>;

/**
 * Deposits and withdrawals (spec §2–§5): the method list per site and language, COMMUNITY_BANK banks,
 * `setTransferRequest`, provider callbacks, and the built-in demo provider's own checkout pages.
 */
export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  const services = app.money;

  app.get(
    '/methods',
    { schema: { tags: ['payments'], summary: 'Payment method list (deposit or withdraw) for the site and language', querystring: PaymentMethodsQuery, response: { 200: PaymentMethodsResponse, ...refusals } } },
    async (request) => {
      const site = siteOf(request);
      const methods = await services.paymentMethods.methods(site.siteId, request.query.lang, request.query.direction);
      return { methods: methods.map(({ banks: _banks, ...method }) => ({ ...method, paytypes: method.paytypes.map(({ flow: _flow, ...paytype }) => ({ ...paytype, infofields: [...paytype.infofields], fields: [...paytype.fields] })) })) };
    },
  );

  // Back office: each site chooses from the product's methods and its own (on, order, amounts, names per language, form fields).
  const settingsView = async (siteId: string, lang: string) => {
    const { state } = await services.commands.load(paymentMethodsStream(siteId), paymentMethodsDecider);
    return (['deposit', 'withdraw'] as const).flatMap((direction) =>
      allMethods(services.paymentCatalog, state, lang, direction).map((method) => {
        const setting = state.settings[settingKey(direction, method.payCatId)];
        const first = method.paytypes[0];
        return {
          fields: first ? [...first.fields] : [],
          provider: first?.whichApi ?? '',
          added: state.added?.[settingKey(direction, method.payCatId)] !== undefined,
          payCatId: method.payCatId,
          direction,
          catName: method.catName,
          catalogMinAmount: method.minAmount,
          catalogMaxAmount: method.maxAmount,
          setting: setting ? { enabled: setting.enabled, order: setting.order, minAmount: setting.minAmount, maxAmount: setting.maxAmount, names: { ...setting.names } } : null,
        };
      }),
    );
  };

  app.get(
    '/methods/settings',
    {
      preParsing: requireRole('admin', 'operator'),
      schema: { tags: ['payments'], summary: 'Back office: every method of the product with this site’s setting of it', querystring: PaymentMethodsQuery.pick({ lang: true }), response: { 200: PaymentMethodSettingsResponse, ...refusals } },
    },
    async (request) => ({ methods: await settingsView(siteOf(request).siteId, request.query.lang), providers: providerNames() }),
  );

  /** The providers a method can be added of: the payment provider adapters, and `staff` (confirmed by hand). */
  const providerNames = () => ['staff', ...services.providers.keys()];
  const methodsContext = () => ({ catalog: services.paymentCatalog.catalog(), providers: providerNames() });

  app.post(
    '/methods/settings',
    {
      preParsing: requireRole('admin', 'operator'),
      schema: { tags: ['payments'], summary: 'Back office: add a method of one of the providers that exist to this site, with its form', body: AddPaymentMethodBody, response: { 200: PaymentMethodSettingsResponse, ...refusals } },
    },
    async (request) => {
      const site = siteOf(request);
      const now = services.clock();
      const { fields, ...method } = request.body;
      const outcome = await services.commands.run(
        paymentMethodsStream(site.siteId),
        paymentMethodsDecider,
        { type: 'AddPaymentMethod', siteId: site.siteId, method, fields, byUserId: actorOf(request).userId, now: now.toISOString() },
        requestMeta(request, request.id, 'payment-method-add', now),
        methodsContext,
      );
      if (!outcome.ok) throw refusal(outcome.error);
      return { methods: await settingsView(site.siteId, site.settings.defaultLang), providers: providerNames() };
    },
  );

  app.put(
    '/methods/settings/:direction/:payCatId/fields',
    {
      preParsing: requireRole('admin', 'operator'),
      schema: { tags: ['payments'], summary: "Back office: the form a method's players fill in (names, types, required, lengths)", params: PaymentMethodSettingParams, body: FormFieldsBody, response: { 200: PaymentMethodSettingsResponse, ...refusals } },
    },
    async (request) => {
      const site = siteOf(request);
      const now = services.clock();
      const outcome = await services.commands.run(
        paymentMethodsStream(site.siteId),
        paymentMethodsDecider,
        { type: 'SetPaymentMethodFields', siteId: site.siteId, ...request.params, fields: request.body.fields, byUserId: actorOf(request).userId, now: now.toISOString() },
        requestMeta(request, request.id, 'payment-method-fields', now),
        methodsContext,
      );
      if (!outcome.ok) throw refusal(outcome.error);
      return { methods: await settingsView(site.siteId, site.settings.defaultLang), providers: providerNames() };
    },
  );

  app.put(
    '/methods/settings/:direction/:payCatId',
    {
      preParsing: requireRole('admin', 'operator'),
      schema: { tags: ['payments'], summary: 'Back office: offer a method on this site or not, its order, amounts and names', params: PaymentMethodSettingParams, body: PaymentMethodSettingBody, response: { 200: PaymentMethodSettingsResponse, ...refusals } },
    },
    async (request) => {
      const site = siteOf(request);
      const actor = actorOf(request);
      const now = services.clock();
      const setting = { ...request.params, ...request.body };
      const outcome = await services.commands.run(
        paymentMethodsStream(site.siteId),
        paymentMethodsDecider,
        { type: 'ConfigurePaymentMethod', siteId: site.siteId, setting, byUserId: actor.userId, now: now.toISOString() },
        requestMeta(request, request.id, 'payment-method', now),
        methodsContext,
      );
      if (!outcome.ok) throw refusal(outcome.error);
      return { methods: await settingsView(site.siteId, site.settings.defaultLang), providers: providerNames() };
    },
  );

  app.get(
    '/banks',
    { schema: { tags: ['payments'], summary: 'getPaymentBanks: the banks of a COMMUNITY_BANK method, each with its fixed amounts', querystring: BanksQuery, response: { 200: BanksResponse, ...refusals } } },
    async (request) => {
      if (!request.actor) return { login: false, status: false, banks: [] };
      const site = siteOf(request);
      const found = findPaytype(await services.paymentMethods.methods(site.siteId, site.settings.defaultLang, 'deposit'), request.query.payId, request.query.payCatId);
      if (!found) throw new ApiError(404, 'paymentMethodNotFound');
      const currency = site.settings.defaultCurrency;
      return {
        login: true,
        status: true,
        banks: found.method.banks.map((bank) => ({ name: bank.name, swiftcode: bank.swiftcode, amounts: bank.amounts.map((amount, i) => ({ amount, currency, activeAmountId: i + 1 })) })),
      };
    },
  );

  app.post(
    '/requests',
    {
      preParsing: requireLogin,
      // A deposit is geo-checked (§8 countryNotAllowed), a withdrawal is not.
      config: { geoGuarded: (request) => (request.body as { transferType?: unknown } | undefined)?.transferType !== '2' },
      schema: { tags: ['payments'], summary: 'setTransferRequest: ask to deposit (transferType 1) or withdraw (2)', body: TransferRequestBody, response: { 200: TransferRequestResponse, ...refusals } } },
    async (request) => {
      const answered = await transferRequest(request, request.body);
      if (isDomainError(answered)) throw refusal(answered);
      return answered;
    },
  );

  async function transferRequest(request: FastifyRequest, body: TransferRequestInput): Promise<z.output<typeof TransferRequestResponse> | DomainError> {
    const actor = actorOf(request);
    const site = siteOf(request);
    const user = await services.accounts.load(actor.userId);
    if (!user || user.status !== 'active') return domainError('userPassive');
    const direction = body.transferType === '1' ? 'deposit' : 'withdrawal';
    // Ids and amounts are the same in every language: the site's own language serves the lookup.
    const found = findPaytype(await services.paymentMethods.methods(site.siteId, site.settings.defaultLang, body.transferType === '1' ? 'deposit' : 'withdraw'), body.payId, body.payCatId);
    // A method of a provider this process does not run (a start without the demo's) is refused, not opened for nobody.
    const offered = found && (found.paytype.whichApi === 'staff' || services.providers.has(found.paytype.whichApi)) ? found : null;
    const opened = await requestPayment(services.commands, {
      owner: user,
      currency: currencyOf(user, site.settings.defaultCurrency),
      siteId: site.siteId,
      direction,
      method: offered && { ...offered.paytype, provider: offered.paytype.whichApi, banks: offered.method.banks },
      values: Object.fromEntries(body.values.map((v) => [v.name, v.value])),
      amount: body.amount,
      requestId: body.requestId,
      by: requesterOf(request),
      now: services.clock(),
    });
    if (!opened.ok) return opened.error;
    const { transfer: stored } = opened;
    const { transferId } = stored;
    const base = { status: true as const, transferId, iframe: 0 as const, redirect: null, paymenturl: null, target: null };
    if (direction === 'withdrawal') return { ...base, msg: 'withdrawRequestSuccess' };
    const paytype = offered?.paytype;
    const provider = paytype && services.providers.get(paytype.whichApi);
    if (!provider || !paytype || paytype.flow === 'message') return { ...base, msg: 'depositRequestSuccess' };
    const answer = await provider.start({
      transferId,
      accountId: stored.accountId,
      siteId: stored.siteId,
      direction,
      amount: stored.amount,
      currency: stored.currency,
      values: stored.values,
      flow: paytype.flow,
      origin: `${request.protocol}://${request.host}`,
    });
    return { ...base, ...answerFields(answer) };
  }

  /**
   * A terminal's cash: money put in is counted by the machine, so the transfer is approved at once
   * (the reactor credits the terminal's wallet); a cash-out holds the amount and is paid at once.
   * Both answer with a printable slip.
   */
  const terminalCash = async (request: FastifyRequest, direction: 'deposit' | 'withdrawal', requestId: string, amount: number) => {
    const actor = actorOf(request);
    const user = await services.accounts.load(actor.userId);
    if (!user || user.status !== 'active') throw new ApiError(403, 'userPassive');
    const site = siteOf(request);
    const cash = await terminalCashUseCase(services.commands, { terminal: user, currency: currencyOf(user, site.settings.defaultCurrency), siteId: site.siteId, direction, amount, requestId, by: requesterOf(request), now: services.clock() });
    if (!cash.ok) throw refusal(cash.error);
    const { transfer: stored } = cash;
    const { transferId } = stored;
    const money = `${(stored.amount / MINOR_PER_UNIT).toFixed(2)} ${stored.currency}`;
    return {
      status: true as const,
      transferId,
      msg: direction === 'deposit' ? ('depositRequestSuccess' as const) : ('withdrawForTerminalMessage' as const),
      slip: {
        title: direction === 'deposit' ? 'depositSlip' : 'withdrawSlip',
        lines: [site.name, `${user.userName}`, stored.requestedAt.replace('T', ' ').slice(0, 19) + ' UTC', `${direction === 'deposit' ? 'IN' : 'OUT'} ${money}`, `#${transferId}`],
      },
    };
  };

  app.post(
    '/terminal/deposit',
    { preParsing: requireRole('terminal'), schema: { tags: ['payments'], summary: 'terminal/deposit: cash put into a terminal, with its slip', body: TerminalCashBody, response: { 200: SlipResponse, ...refusals } } },
    async (request) => terminalCash(request, 'deposit', request.body.requestId, request.body.amount),
  );

  app.post(
    '/terminal/withdraw',
    { preParsing: requireRole('terminal'), schema: { tags: ['payments'], summary: 'withdrawPrinterNew: cash paid out of a terminal, with its slip', body: TerminalCashBody, response: { 200: SlipResponse, ...refusals } } },
    async (request) => terminalCash(request, 'withdrawal', request.body.requestId, request.body.amount),
  );

  // Provider callbacks: the raw body is what the signature covers, so this scope keeps it as text.
  await app.register(async (scope) => {
    const callbacks = scope.withTypeProvider<ZodTypeProvider>();
    callbacks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    callbacks.post(
      '/callbacks/:provider',
      { schema: { tags: ['payments'], summary: 'A payment provider confirms or fails a deposit (signed; a replay or forgery changes nothing)', params: z.object({ provider: z.string().max(40) }), response: { 200: z.object({ status: z.literal(true) }), ...refusals } } },
      async (request) => {
        const provider = services.providers.get(request.params.provider);
        if (!provider) throw new ApiError(404, 'paymentMethodNotFound');
        const verified = typeof request.body === 'string' ? provider.verifyCallback(request.body, request.headers) : null;
        if (!verified) throw new ApiError(401, 'invalidSignature');
        const { state } = await services.commands.load(transferStream(verified.transferId), transferDecider);
        if (state.status === 'none' || state.request.provider !== provider.name || state.request.direction !== 'deposit') throw new ApiError(404, 'transferNotFound');
        if (verified.outcome === 'confirmed' && verified.amount !== state.request.amount) throw new ApiError(422, 'amountMismatch');
        const now = services.clock().toISOString();
        const by = `provider:${provider.name}`;
        const command =
          verified.outcome === 'confirmed'
            ? ({ type: 'ApproveTransfer', transferId: verified.transferId, by, providerReference: verified.providerReference, now } as const)
            : ({ type: 'RejectTransfer', transferId: verified.transferId, by, reason: verified.reason || 'declined', now } as const);
        // The event ids derive from the provider's reference, so the store holds each reference to one
        // transfer: a reference already spent on another transfer appends nothing (IdempotencyConflict),
        // is refused, and leaves this deposit requested for its own callback.
        const outcome = await services.commands
          .run(transferStream(verified.transferId), transferDecider, command, {
            actor: { userId: by, role: 'provider', ip: request.ip },
            correlationId: request.id,
            causationId: request.id,
            at: now,
            eventId: (index) => derivedId('callback', provider.name, verified.providerReference, verified.outcome, String(index)),
          })
          .catch((error: unknown) => {
            if (error instanceof IdempotencyConflict) throw new ApiError(409, 'providerReferenceUsed');
            throw error;
          });
        if (!outcome.ok) throw refusal(outcome.error);
        return { status: true as const };
      },
    );
  });

  // A provider that hosts its pages in this process (the demo's checkout) brings them as a plugin.
  for (const provider of services.providers.values()) {
    const pages = provider.pages?.();
    if (pages) await app.register(pages, { prefix: `/${provider.name}` });
  }
};

function answerFields(answer: PaymentAnswer): { iframe: 0 | 1 | 2; redirect: string | null; paymenturl: string | null; target: string | null; msg: string } {
  switch (answer.kind) {
    case 'redirect':
      return { iframe: 0, redirect: answer.url, paymenturl: null, target: null, msg: '' };
    case 'iframe':
      return { iframe: answer.mode, redirect: null, paymenturl: answer.url, target: answer.target, msg: '' };
    case 'message':
      return { iframe: 0, redirect: null, paymenturl: null, target: null, msg: answer.msg };
  }
}
