import type { PrintKind } from '../contract/prints';

/** The words printed on slips, per language: a printer gets paper, not translation keys. */
export interface SlipTexts {
  readonly titles: Readonly<Record<PrintKind, string>>;
  readonly labels: {
    readonly date: string;
    readonly ticket: string;
    readonly type: string;
    readonly stake: string;
    readonly maxPay: string;
    readonly status: string;
    readonly payout: string;
    readonly soldFor: string;
    readonly paidAt: string;
    /** Who paid a bingo win at the counter. */
    readonly paidBy: string;
    readonly refund: string;
    readonly cancelledAt: string;
    readonly checkCode: string;
    readonly terminal: string;
    readonly amount: string;
    readonly transfer: string;
    readonly game: string;
    readonly round: string;
    /** A bingo card's row on the slip: 'Card 1'. */
    readonly card: string;
    readonly win: string;
    readonly from: string;
    readonly to: string;
    readonly openingBalance: string;
    readonly cashIn: string;
    readonly cashOut: string;
    readonly stakes: string;
    readonly payouts: string;
    readonly refunds: string;
    readonly closingBalance: string;
  };
  readonly couponTypes: Readonly<Record<string, string>>;
  /** After a banker's match. */
  readonly banker: string;
  readonly statuses: Readonly<Record<string, string>>;
  readonly results: Readonly<Record<string, string>>;
  readonly footers: {
    readonly keep: string;
    readonly duplicate: string;
    readonly reversed: string;
    readonly printFailed: string;
  };
}

export const SLIP_TEXTS: Readonly<Record<'tr' | 'en', SlipTexts>> = {
  tr: {
    titles: {
      reset: 'Gün Sonu (Sıfırlama)',
      duplicate: 'Kupon (KOPYA)',
      cancel: 'İptal Fişi',
      win: 'Kazanç Fişi',
      'win-terminal': 'Ödeme Fişi',
      'win-bingo': 'Tombala Kazanç Fişi',
      withdraw: 'Para Çekme Fişi',
      coupon: 'Kupon',
      bingo: 'Tombala Bileti',
    },
    labels: {
      date: 'Tarih',
      ticket: 'Kupon No',
      type: 'Tür',
      stake: 'Yatırılan',
      maxPay: 'Maks. kazanç',
      status: 'Durum',
      payout: 'Kazanç',
      soldFor: 'Satış Tutarı',
      paidAt: 'Ödeme Tarihi',
      paidBy: 'Ödeyen',
      refund: 'İade',
      cancelledAt: 'İptal Tarihi',
      checkCode: 'Kontrol Kodu',
      terminal: 'Terminal',
      amount: 'Tutar',
      transfer: 'İşlem No',
      game: 'Oyun',
      round: 'Tur',
      card: 'Kart',
      win: 'Kazanç',
      from: 'Başlangıç',
      to: 'Bitiş',
      openingBalance: 'Açılış Bakiyesi',
      cashIn: 'Para Girişi',
      cashOut: 'Para Çıkışı',
      stakes: 'Satılan Kuponlar',
      payouts: 'Ödenen Kazançlar',
      refunds: 'İadeler',
      closingBalance: 'Kapanış Bakiyesi',
    },
    couponTypes: { TK: 'Tekli', KK: 'Kombine', CK: 'Çoklu', SK: 'Sistem' },
    banker: 'Banko',
    statuses: { '0': 'Bekliyor', '1': 'Kazandı', '-1': 'Kaybetti', '-2': 'İptal', '2': 'Satıldı', paid: 'Ödendi', approved: 'Onaylandı', requested: 'Bekliyor', reversed: 'İptal Edildi', rejected: 'Reddedildi' },
    results: { won: 'Kazandı', lost: 'Kaybetti', void: 'İade', half_won: 'Yarı Kazandı', half_lost: 'Yarı Kaybetti' },
    footers: {
      keep: 'Bu fişi saklayınız; kazanç ödemesi fiş ile yapılır.',
      duplicate: 'KOPYA: bu fiş daha önce basılmış bir fişin yeniden basımıdır.',
      reversed: 'Bu işlem iptal edildi; tutar terminale geri yüklendi.',
      printFailed: 'Fiş basılamadığı için iptal edildi.',
    },
  },
  en: {
    titles: {
      reset: 'End of shift (reset)',
      duplicate: 'Coupon (DUPLICATE)',
      cancel: 'Cancellation slip',
      win: 'Win slip',
      'win-terminal': 'Payout slip',
      'win-bingo': 'Bingo win slip',
      withdraw: 'Cash-out slip',
      coupon: 'Coupon',
      bingo: 'Bingo ticket',
    },
    labels: {
      date: 'Date',
      ticket: 'Ticket no.',
      type: 'Type',
      stake: 'Stake',
      maxPay: 'Max. payout',
      status: 'Status',
      payout: 'Winnings',
      soldFor: 'Sold for',
      paidAt: 'Paid on',
      paidBy: 'Paid by',
      refund: 'Refund',
      cancelledAt: 'Cancelled on',
      checkCode: 'Check code',
      terminal: 'Terminal',
      amount: 'Amount',
      transfer: 'Transaction no.',
      game: 'Game',
      round: 'Round',
      card: 'Card',
      win: 'Win',
      from: 'From',
      to: 'To',
      openingBalance: 'Opening balance',
      cashIn: 'Cash in',
      cashOut: 'Cash out',
      stakes: 'Tickets sold',
      payouts: 'Winnings paid',
      refunds: 'Refunds',
      closingBalance: 'Closing balance',
    },
    couponTypes: { TK: 'Single', KK: 'Combined', CK: 'Multiple', SK: 'System' },
    banker: 'Banker',
    statuses: { '0': 'Waiting', '1': 'Won', '-1': 'Lost', '-2': 'Cancelled', '2': 'Sold', paid: 'Paid', approved: 'Approved', requested: 'Waiting', reversed: 'Cancelled', rejected: 'Rejected' },
    results: { won: 'Won', lost: 'Lost', void: 'Void', half_won: 'Half won', half_lost: 'Half lost' },
    footers: {
      keep: 'Keep this slip: winnings are paid against it.',
      duplicate: 'DUPLICATE: a reprint of a slip printed before.',
      reversed: 'This transaction was cancelled; the amount is back on the terminal.',
      printFailed: 'Cancelled because its slip did not print.',
    },
  },
};
