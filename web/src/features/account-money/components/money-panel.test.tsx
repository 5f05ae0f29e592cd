import type { PaymentMethodView } from '@kupon/api/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/testing/render';
import { useUiStore } from '@/stores/ui-store';
import { MoneyPanel } from './money-panel';

// The screen is lazy (it loads with the popup's first opening): load it before the first test, so a
// first transform of the module on a busy machine does not outlast the tests' waits.
beforeAll(async () => {
  await import('./payment-screen');
});

type Method = ReturnType<(typeof PaymentMethodView)['parse']>;
type Call = { method: string; url: URL; body: unknown };
type Answer = { status?: number; body: unknown };

const player = { userId: 'u1', userName: 'ayse', firstName: 'Ayşe', lastName: 'Yılmaz', currency: 'TRY', lang: 'tr', status: 'active', products: {}, onlineUser: 1, limits: {} };

/** The api as the panel calls it: the player, the method lists, the banks and the requests. */
function serve(routes: { methods?: (direction: string) => Method[]; banks?: () => Answer; request?: (body: Record<string, unknown>) => Answer }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://kupon.example');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null;
      calls.push({ method, url, body });
      let answer: Answer = { status: 404, body: { error: 'notFound' } };
      if (url.pathname === '/api/v1/me') answer = { body: player };
      else if (url.pathname === '/api/v1/wallet') answer = { body: { accountId: 'u1', currency: 'TRY', balance: 0, creditLimit: 0, held: 0, available: 0 } };
      else if (url.pathname === '/api/v1/payments/methods') answer = { body: { methods: routes.methods?.(url.searchParams.get('direction') ?? '') ?? [] } };
      else if (url.pathname === '/api/v1/payments/banks' && routes.banks) answer = routes.banks();
      else if (url.pathname === '/api/v1/payments/requests' && method === 'POST' && routes.request) answer = routes.request(body ?? {});
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return { calls, requests: () => calls.filter((c) => c.url.pathname === '/api/v1/payments/requests').map((c) => c.body) };
}

const field = (over: Partial<Method['paytypes'][number]['fields'][number]> & { name: string; title: string; type: Method['paytypes'][number]['fields'][number]['type'] }) => ({
  placeHolder: '',
  minLength: 0,
  maxLength: 0,
  required: true,
  options: '',
  ...over,
});
const amountField = field({ name: 'amount', title: 'Tutar', type: 'amount', minLength: 1, maxLength: 7 });

const paytype = (over: Partial<Method['paytypes'][number]> & { payId: number; payCatId: number }) => ({
  payType: 'DEMO_CARD',
  payTag: 'Kart',
  bankLogo: 'card',
  infofields: [],
  minAmount: 1000,
  maxAmount: 2_000_000,
  whichApi: 'demo',
  fields: [amountField],
  ...over,
});

const CARD: Method = { catName: 'Kredi Kartı (demo)', typeLogo: 'card', minAmount: 1000, maxAmount: 2_000_000, payCatId: 1, openLink: 0, info: '', paytypes: [paytype({ payId: 101, payCatId: 1 })] };
const COMMUNITY: Method = {
  catName: 'Topluluk Bankası',
  typeLogo: 'bank',
  minAmount: 10_000,
  maxAmount: 100_000,
  payCatId: 3,
  openLink: 0,
  info: '',
  paytypes: [paytype({ payId: 660, payCatId: 3, payType: 'COMMUNITY_BANK', whichApi: 'staff', minAmount: 10_000, maxAmount: 100_000, fields: [field({ name: 'bank', title: 'Banka', type: 'select', options: 'TCZBTR2A:Ziraat,TRHBTR2A:Halkbank' })] })],
};
const CRYPTO: Method = { catName: 'Kripto', typeLogo: 'crypto', minAmount: 5000, maxAmount: 0, payCatId: 4, openLink: 1, info: 'https://pay.example/crypto', paytypes: [] };
const IBAN: Method = {
  catName: 'Banka Havalesi',
  typeLogo: 'bank',
  minAmount: 5000,
  maxAmount: 5_000_000,
  payCatId: 20,
  openLink: 0,
  info: '',
  paytypes: [
    paytype({
      payId: 201,
      payCatId: 20,
      payType: 'BANK_WITHDRAW',
      whichApi: 'staff',
      minAmount: 5000,
      maxAmount: 5_000_000,
      fields: [amountField, field({ name: 'iban', title: 'IBAN', type: 'text', minLength: 26, maxLength: 34 })],
    }),
  ],
};

const accepted = (over: Record<string, unknown>) => ({ body: { status: true, transferId: 't1', iframe: 0, redirect: null, paymenturl: null, target: null, msg: '', ...over } });

beforeEach(() => useUiStore.setState({ popup: null }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const type = (name: string, value: string) => fireEvent.change(screen.getByTestId(`payment-field-${name}`), { target: { value } });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Gönder' }));

describe('deposit screen (§2 money popup type 1)', () => {
  it('lists the methods with icon, name, Min and Max and opens the first; another opens on a click', async () => {
    const api = serve({ methods: (direction) => (direction === 'deposit' ? [CARD, COMMUNITY, CRYPTO] : []) });
    await renderPage(<MoneyPanel type={1} />);
    const methods = await screen.findAllByTestId('payment-method');
    expect(methods.map((m) => [m.querySelector('.payment-method__name')?.textContent, within(m).getByTestId('method-min').textContent, within(m).getByTestId('method-max').textContent])).toEqual([
      ['Kredi Kartı (demo)', 'Min.: 10 ₺', 'Maks.: 20.000 ₺'],
      ['Topluluk Bankası', 'Min.: 100 ₺', 'Maks.: 1.000 ₺'],
      ['Kripto', 'Min.: 50 ₺', 'Maks.: Sınırsız'],
    ]);
    expect(methods.map((m) => m.getAttribute('aria-pressed'))).toEqual(['true', 'false', 'false']);
    expect(api.calls.find((c) => c.url.pathname === '/api/v1/payments/methods')!.url.searchParams.get('direction')).toBe('deposit');
    const detail = screen.getByTestId('payment-detail');
    expect(within(detail).getByRole('heading').textContent).toBe('Kredi Kartı (demo)');
    // Names come from the account, shown and not editable.
    await waitFor(() => expect((within(detail).getByLabelText('Ad') as HTMLInputElement).value).toBe('Ayşe'));
    expect((within(detail).getByLabelText('Soyad') as HTMLInputElement).value).toBe('Yılmaz');
    expect((within(detail).getByLabelText('Ad') as HTMLInputElement).disabled).toBe(true);
    expect(within(detail).getByLabelText('Tutar')).toBeTruthy();

    // A link method opens its page in a new tab.
    fireEvent.click(methods[2]!);
    const link = within(screen.getByTestId('payment-detail')).getByTestId('payment-link');
    expect(link.getAttribute('href')).toBe('https://pay.example/crypto');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(screen.getAllByTestId('payment-method')[2]!.getAttribute('aria-pressed')).toBe('true');
  });

  it('an amount below Min shows the translated error under the field, keeps it and sends nothing', async () => {
    const api = serve({ methods: () => [CARD], request: () => accepted({ redirect: 'http://pay.example/x' }) });
    await renderPage(<MoneyPanel type={1} />);
    await screen.findByTestId('payment-form');
    type('amount', '5');
    send();
    expect(screen.getByTestId('payment-field-amount-error').textContent).toBe('Tutar en az 10 ₺ olmalıdır.');
    expect((screen.getByTestId('payment-field-amount') as HTMLInputElement).value).toBe('5');
    type('amount', '12a');
    send();
    expect(screen.getByTestId('payment-field-amount-error').textContent).toBe('Yalnızca rakam girin.');
    expect(api.requests()).toEqual([]);
  });

  it('a valid send posts the request with a fresh id each time and follows the provider’s redirect', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const api = serve({ methods: () => [CARD], request: () => accepted({ redirect: 'http://kupon.example/api/v1/payments/demo/checkout/t1?token=x&amount=10000' }) });
    await renderPage(<MoneyPanel type={1} />);
    await screen.findByTestId('payment-form');
    type('amount', '100');
    send();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://kupon.example/api/v1/payments/demo/checkout/t1?token=x&amount=10000'));
    expect(api.requests()).toEqual([{ requestId: expect.stringMatching(/^[0-9a-f-]{36}$/), payId: 101, payCatId: 1, transferType: '1', values: [{ name: 'amount', value: '100' }] }]);
    expect(screen.getByTestId('payment-opened').textContent).toBe('Ödeme sayfasına yönlendiriliyorsunuz…');

    send();
    await waitFor(() => expect(api.requests()).toHaveLength(2));
    const [first, second] = api.requests() as { requestId: string }[];
    expect(second!.requestId).not.toBe(first!.requestId);
  });

  it('an iframe 2 answer frames the payment page in the panel', async () => {
    serve({ methods: () => [CARD], request: () => accepted({ iframe: 2, paymenturl: 'http://kupon.example/api/v1/payments/demo/checkout/t2' }) });
    await renderPage(<MoneyPanel type={1} />);
    await screen.findByTestId('payment-form');
    type('amount', '100');
    send();
    expect((await screen.findByTestId('payment-frame')).getAttribute('src')).toBe('http://kupon.example/api/v1/payments/demo/checkout/t2');
  });

  it('a refusal is shown translated and what was typed stays', async () => {
    serve({ methods: () => [CARD], request: () => ({ status: 409, body: { error: 'alreadyHaveTransaction' } }) });
    await renderPage(<MoneyPanel type={1} />, { language: 'en' });
    await screen.findByTestId('payment-form');
    type('amount', '100');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByTestId('payment-error')).textContent).toBe('You already have a transaction.');
    expect((screen.getByTestId('payment-field-amount') as HTMLInputElement).value).toBe('100');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a request the api finds logged out opens the login popup', async () => {
    serve({ methods: () => [CARD], request: () => ({ status: 401, body: { error: 'loginRequired' } }) });
    await renderPage(<MoneyPanel type={1} />);
    await screen.findByTestId('payment-form');
    type('amount', '100');
    send();
    await waitFor(() => expect(useUiStore.getState().popup).toEqual({ kind: 'login' }));
  });

  it('COMMUNITY_BANK: a bank, then its amounts to pick and send; a bank without amounts is unavailable and Back returns to the banks', async () => {
    const banks = {
      login: true,
      status: true,
      banks: [
        { name: 'Ziraat Bankası', swiftcode: 'TCZBTR2A', amounts: [10_000, 25_000].map((amount, i) => ({ amount, currency: 'TRY', activeAmountId: i + 1 })) },
        { name: 'Halkbank', swiftcode: 'TRHBTR2A', amounts: [] },
      ],
    };
    const api = serve({ methods: () => [COMMUNITY], banks: () => ({ body: banks }), request: () => accepted({ msg: 'depositRequestSuccess' }) });
    await renderPage(<MoneyPanel type={1} />);
    const list = await screen.findByTestId('bank-list');
    expect(within(list).getAllByTestId('bank').map((b) => b.textContent)).toEqual(['Ziraat Bankası', 'Halkbank']);
    expect(api.calls.find((c) => c.url.pathname === '/api/v1/payments/banks')!.url.search).toBe('?payId=660&payCatId=3');

    fireEvent.click(within(list).getByRole('button', { name: 'Halkbank' }));
    expect(screen.getByTestId('bank-unavailable').textContent).toBe('Bu banka şu anda kullanılamıyor, lütfen diğer bankaları deneyin.');
    fireEvent.click(screen.getByRole('button', { name: 'Geri' }));
    fireEvent.click(within(screen.getByTestId('bank-list')).getByRole('button', { name: 'Ziraat Bankası' }));
    const amounts = screen.getByTestId('bank-amounts');
    expect(within(amounts).getAllByTestId('bank-amount').map((b) => b.textContent)).toEqual(['100 ₺', '250 ₺']);
    expect((screen.getByRole('button', { name: 'Gönder' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(amounts).getByRole('button', { name: '250 ₺' }));
    send();
    expect((await screen.findByTestId('payment-success')).textContent).toBe('Para yatırma talebiniz alındı.');
    expect(api.requests()).toEqual([{ requestId: expect.any(String), payId: 660, payCatId: 3, transferType: '1', amount: 25_000, values: [{ name: 'bank', value: 'TCZBTR2A' }] }]);
  });

  it('COMMUNITY_BANK in English: the unavailable text too', async () => {
    serve({ methods: () => [COMMUNITY], banks: () => ({ body: { login: true, status: true, banks: [{ name: 'Denizbank', swiftcode: 'DENITRIS', amounts: [] }] } }) });
    await renderPage(<MoneyPanel type={1} />, { language: 'en' });
    fireEvent.click(await screen.findByRole('button', { name: 'Denizbank' }));
    expect(screen.getByTestId('bank-unavailable').textContent).toBe('This bank is currently unavailable, please try other banks.');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByTestId('bank-list')).toBeTruthy();
  });

  it('banks answered with login false open the login popup', async () => {
    serve({ methods: () => [COMMUNITY], banks: () => ({ body: { login: false, status: false, banks: [] } }) });
    await renderPage(<MoneyPanel type={1} />);
    await waitFor(() => expect(useUiStore.getState().popup).toEqual({ kind: 'login' }));
    expect(screen.queryByTestId('bank-list')).toBeNull();
  });

  it('no method on offer: says so', async () => {
    serve({ methods: () => [] });
    await renderPage(<MoneyPanel type={1} />, { language: 'en' });
    expect((await within(screen.getByTestId('deposit-panel')).findByTestId('empty-state')).textContent).toBe('No payment method is available right now.');
  });
});

describe('withdraw screen (§2 money popup type 2)', () => {
  it('the same form model: fields checked by the §5 rules, then the request and withdrawRequestSuccess', async () => {
    const api = serve({ methods: (direction) => (direction === 'withdraw' ? [IBAN] : [CARD]), request: () => accepted({ msg: 'withdrawRequestSuccess' }) });
    await renderPage(<MoneyPanel type={2} />);
    expect((await screen.findByTestId('payment-detail')).querySelector('h3')?.textContent).toBe('Banka Havalesi');
    type('amount', '75');
    type('iban', 'TR12');
    send();
    expect(screen.getByTestId('payment-field-iban-error').textContent).toBe('26 ile 34 karakter arasında olmalıdır.');
    expect(screen.queryByTestId('payment-field-amount-error')).toBeNull();
    expect(api.requests()).toEqual([]);

    type('iban', 'TR120006200119000006672315');
    send();
    expect((await screen.findByTestId('payment-success')).textContent).toBe('Tebrikler! Ödeme talebiniz alındı. İnceleme sonrası hesabınıza aktarılacaktır.');
    expect(api.requests()).toEqual([
      {
        requestId: expect.any(String),
        payId: 201,
        payCatId: 20,
        transferType: '2',
        values: [
          { name: 'amount', value: '75' },
          { name: 'iban', value: 'TR120006200119000006672315' },
        ],
      },
    ]);
    expect(screen.queryByTestId('payment-form')).toBeNull();
  });
});
