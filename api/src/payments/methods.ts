import { type AddedPaymentMethod, type FormField, MINOR_PER_UNIT, type PaymentMethodSetting, type PaymentMethodsContext, type PaymentMethodsState, settingKey } from '@kupon/domain';

/** Spec §3 paytype, with how it is carried: `whichApi` names the provider adapter; `flow` its answer (§4). */
export interface Paytype {
  readonly payId: number;
  readonly payCatId: number;
  readonly payType: string;
  readonly payTag: string;
  readonly bankLogo: string;
  readonly infofields: readonly { readonly label: string; readonly text: string }[];
  /** Minor units. */
  readonly minAmount: number;
  readonly maxAmount: number;
  readonly whichApi: string;
  readonly fields: readonly FormField[];
  readonly flow: 'redirect' | 'iframe1' | 'iframe2' | 'message';
}

export interface Bank {
  readonly name: string;
  readonly swiftcode: string;
  /** Fixed amounts (minor units); none: the bank is unavailable now. */
  readonly amounts: readonly number[];
}

/** Spec §3 payment method (a category of paytypes). */
export interface PaymentMethod {
  readonly catName: string;
  readonly typeLogo: string;
  readonly minAmount: number;
  readonly maxAmount: number;
  readonly payCatId: number;
  readonly openLink: 0 | 1;
  /** The external link of an `openLink` method. */
  readonly info: string;
  readonly paytypes: readonly Paytype[];
  /** COMMUNITY_BANK methods list banks with fixed amounts. */
  readonly banks: readonly Bank[];
}

export type PaymentDirection = 'deposit' | 'withdraw';

/** Which methods a site offers, per language and direction (the back office edits them; this is the port). */
export interface PaymentMethodCatalog {
  methods(siteId: string, lang: string, direction: PaymentDirection): Promise<readonly PaymentMethod[]>;
}

/**
 * The product's methods as each site has set them (`paymethods-<site>` stream): a disabled method is
 * not offered, the rest come in the site's order, renamed per language, within the site's amounts
 * (a paytype keeps its own limits where they are narrower).
 */
export class SitePaymentMethods implements PaymentMethodCatalog {
  constructor(
    private readonly product: BuiltInPaymentMethods,
    private readonly settingsOf: (siteId: string) => Promise<PaymentMethodsState>,
  ) {}

  async methods(siteId: string, lang: string, direction: PaymentDirection): Promise<readonly PaymentMethod[]> {
    const state = await this.settingsOf(siteId);
    const { settings } = state;
    const listed = allMethods(this.product, state, lang, direction).map((method, index) => ({ method, index, setting: settings[settingKey(direction, method.payCatId)] }));
    return listed
      .filter(({ setting }) => setting?.enabled !== false)
      .sort((a, b) => (a.setting?.order ?? a.index) - (b.setting?.order ?? b.index) || a.index - b.index)
      .map(({ method, setting }) => (setting ? applySetting(method, setting, lang) : method));
  }
}

/** The product's methods then the site's own (api/PAYMENT-METHODS.md), each with the form the site set for it. */
export function allMethods(product: BuiltInPaymentMethods, state: PaymentMethodsState, lang: string, direction: PaymentDirection): readonly PaymentMethod[] {
  const own = Object.values(state.added ?? {})
    .filter((method) => method.direction === direction)
    .sort((a, b) => a.payCatId - b.payCatId)
    .map((method) => addedMethod(method, lang, state.fields?.[settingKey(direction, method.payCatId)] ?? []));
  return [...product.methods(lang, direction), ...own].map((method) => {
    const fields = state.fields?.[settingKey(direction, method.payCatId)];
    return fields ? { ...method, paytypes: method.paytypes.map((paytype) => ({ ...paytype, fields })) } : method;
  });
}

/** A site's own method as a category of one paytype. */
function addedMethod(method: AddedPaymentMethod, lang: string, fields: readonly FormField[]): PaymentMethod {
  const name = method.names[lang] ?? method.names.tr ?? Object.values(method.names)[0] ?? String(method.payCatId);
  return {
    catName: name,
    typeLogo: method.provider === 'staff' ? 'bank' : 'card',
    minAmount: method.minAmount,
    maxAmount: method.maxAmount,
    payCatId: method.payCatId,
    openLink: 0,
    info: '',
    banks: [],
    paytypes: [
      {
        payId: method.payId,
        payCatId: method.payCatId,
        payType: `SITE_${method.provider.toUpperCase()}`,
        payTag: name,
        bankLogo: method.provider === 'staff' ? 'bank' : 'card',
        infofields: [],
        minAmount: method.minAmount,
        maxAmount: method.maxAmount,
        whichApi: method.provider,
        flow: method.flow,
        fields,
      },
    ],
  };
}

function applySetting(method: PaymentMethod, setting: PaymentMethodSetting, lang: string): PaymentMethod {
  const minAmount = setting.minAmount ?? method.minAmount;
  const maxAmount = setting.maxAmount ?? method.maxAmount;
  const within = (min: number, max: number) => ({ minAmount: Math.max(min, minAmount), maxAmount: maxAmount > 0 && (max === 0 || max > maxAmount) ? maxAmount : max });
  return {
    ...method,
    catName: setting.names[lang] ?? method.catName,
    minAmount,
    maxAmount,
    paytypes: method.paytypes.map((paytype) => ({ ...paytype, ...within(paytype.minAmount, paytype.maxAmount) })),
  };
}

const unit = (n: number) => n * MINOR_PER_UNIT;
const field = (f: Partial<FormField> & Pick<FormField, 'name' | 'title' | 'type'>): FormField => ({ placeHolder: '', minLength: 0, maxLength: 0, required: true, options: '', ...f });

type Words = Record<'card' | 'wallet' | 'mobile' | 'phone' | 'bank' | 'community' | 'crypto' | 'amount' | 'iban' | 'holder' | 'birth' | 'info', string>;
const WORDS: Record<string, Words> = {
  tr: { card: 'Kredi Kartı (demo)', wallet: 'E-cüzdan (demo)', mobile: 'Mobil Ödeme (demo)', phone: 'Cep Telefonu', bank: 'Banka Havalesi', community: 'Topluluk Bankası', crypto: 'Kripto', amount: 'Tutar', iban: 'IBAN', holder: 'Hesap Sahibi', birth: 'Doğum Tarihi', info: 'Havale 30 dakika içinde onaylanır.' },
  en: { card: 'Card (demo)', wallet: 'E-wallet (demo)', mobile: 'Mobile payment (demo)', phone: 'Mobile phone', bank: 'Bank transfer', community: 'Community bank', crypto: 'Crypto', amount: 'Amount', iban: 'IBAN', holder: 'Account holder', birth: 'Birth date', info: 'Transfers are confirmed within 30 minutes.' },
};

/** Spec §3: "Bank select for pay id 660 offers nine Turkish banks". */
const TURKISH_BANKS: readonly Bank[] = [
  { name: 'Ziraat Bankası', swiftcode: 'TCZBTR2A', amounts: [unit(100), unit(250), unit(500), unit(1000)] },
  { name: 'İş Bankası', swiftcode: 'ISBKTRIS', amounts: [unit(100), unit(250), unit(500)] },
  { name: 'Garanti BBVA', swiftcode: 'TGBATRIS', amounts: [unit(250), unit(500), unit(1000)] },
  { name: 'Akbank', swiftcode: 'AKBKTRIS', amounts: [unit(100), unit(500)] },
  { name: 'Yapı Kredi', swiftcode: 'YAPITRIS', amounts: [unit(100), unit(250)] },
  { name: 'Halkbank', swiftcode: 'TRHBTR2A', amounts: [] },
  { name: 'VakıfBank', swiftcode: 'TVBATR2A', amounts: [unit(500), unit(1000)] },
  { name: 'QNB', swiftcode: 'FNNBTRIS', amounts: [unit(100)] },
  { name: 'Denizbank', swiftcode: 'DENITRIS', amounts: [] },
];

/**
 * The built-in catalog: the demo provider's card (redirect), e-wallet (framed, `iframe 2`) and mobile
 * payment (the window goes to the provider, `iframe 1`), a staff-confirmed COMMUNITY_BANK, an external
 * link; IBAN withdrawals.
 */
export class BuiltInPaymentMethods {
  /** What the back office can configure per site: each category with its amounts. */
  catalog(): PaymentMethodsContext['catalog'] {
    return (['deposit', 'withdraw'] as const).flatMap((direction) => this.methods('tr', direction).map(({ payCatId, minAmount, maxAmount }) => ({ payCatId, direction, minAmount, maxAmount })));
  }

  methods(lang: string, direction: PaymentDirection): readonly PaymentMethod[] {
    const w = WORDS[lang] ?? WORDS.tr!;
    const amountField = field({ name: 'amount', title: w.amount, type: 'amount', minLength: 1, maxLength: 7 });
    if (direction === 'withdraw') {
      return [
        {
          catName: w.bank,
          typeLogo: 'bank',
          minAmount: unit(50),
          maxAmount: unit(50_000),
          payCatId: 20,
          openLink: 0,
          info: '',
          banks: [],
          paytypes: [
            {
              payId: 201,
              payCatId: 20,
              payType: 'BANK_WITHDRAW',
              payTag: w.bank,
              bankLogo: 'bank',
              infofields: [],
              minAmount: unit(50),
              maxAmount: unit(50_000),
              whichApi: 'staff',
              flow: 'message',
              fields: [amountField, field({ name: 'iban', title: w.iban, type: 'text', minLength: 26, maxLength: 34 }), field({ name: 'holder', title: w.holder, type: 'text', minLength: 3, maxLength: 60 })],
            },
          ],
        },
      ];
    }
    return [
      {
        catName: w.card,
        typeLogo: 'card',
        minAmount: unit(10),
        maxAmount: unit(20_000),
        payCatId: 1,
        openLink: 0,
        info: '',
        banks: [],
        paytypes: [{ payId: 101, payCatId: 1, payType: 'DEMO_CARD', payTag: w.card, bankLogo: 'card', infofields: [], minAmount: unit(10), maxAmount: unit(20_000), whichApi: 'demo', flow: 'redirect', fields: [amountField] }],
      },
      {
        catName: w.wallet,
        typeLogo: 'wallet',
        minAmount: unit(10),
        maxAmount: unit(5_000),
        payCatId: 2,
        openLink: 0,
        info: '',
        banks: [],
        paytypes: [
          {
            payId: 102,
            payCatId: 2,
            payType: 'DEMO_WALLET',
            payTag: w.wallet,
            bankLogo: 'wallet',
            infofields: [],
            minAmount: unit(10),
            maxAmount: unit(5_000),
            whichApi: 'demo',
            flow: 'iframe2',
            fields: [amountField, field({ name: 'birth', title: w.birth, type: 'birthdate' })],
          },
        ],
      },
      {
        catName: w.mobile,
        typeLogo: 'mobile',
        minAmount: unit(10),
        maxAmount: unit(2_000),
        payCatId: 5,
        openLink: 0,
        info: '',
        banks: [],
        paytypes: [
          {
            payId: 105,
            payCatId: 5,
            payType: 'DEMO_MOBILE',
            payTag: w.mobile,
            bankLogo: 'mobile',
            infofields: [],
            minAmount: unit(10),
            maxAmount: unit(2_000),
            whichApi: 'demo',
            flow: 'iframe1',
            fields: [amountField, field({ name: 'phone', title: w.phone, type: 'text', minLength: 10, maxLength: 13 })],
          },
        ],
      },
      {
        catName: w.community,
        typeLogo: 'bank',
        minAmount: unit(100),
        maxAmount: unit(1_000),
        payCatId: 3,
        openLink: 0,
        info: '',
        banks: TURKISH_BANKS,
        paytypes: [
          {
            payId: 660,
            payCatId: 3,
            payType: 'COMMUNITY_BANK',
            payTag: w.community,
            bankLogo: 'bank',
            infofields: [{ label: w.bank, text: w.info }],
            minAmount: unit(100),
            maxAmount: unit(1_000),
            whichApi: 'staff',
            flow: 'message',
            fields: [field({ name: 'bank', title: w.bank, type: 'select', options: TURKISH_BANKS.map((b) => `${b.swiftcode}:${b.name}`).join(',') })],
          },
        ],
      },
      { catName: w.crypto, typeLogo: 'crypto', minAmount: unit(50), maxAmount: unit(100_000), payCatId: 4, openLink: 1, info: 'https://example.com/crypto-deposit', banks: [], paytypes: [] },
    ];
  }
}

export function findPaytype(methods: readonly PaymentMethod[], payId: number, payCatId: number): { method: PaymentMethod; paytype: Paytype } | null {
  for (const method of methods) {
    if (method.payCatId !== payCatId) continue;
    const paytype = method.paytypes.find((p) => p.payId === payId);
    if (paytype) return { method, paytype };
  }
  return null;
}
