import type common from './locales/tr/common.json';
import type coupons from './locales/tr/coupons.json';
import type dealers from './locales/tr/dealers.json';
import type errors from './locales/tr/errors.json';
import type events from './locales/tr/events.json';
import type reports from './locales/tr/reports.json';
import type results from './locales/tr/results.json';
import type transfers from './locales/tr/transfers.json';
import type users from './locales/tr/users.json';
import type catalog from './locales/tr/catalog.json';
import type payments from './locales/tr/payments.json';
import type site from './locales/tr/site.json';
import type content from './locales/tr/content.json';
import type mail from './locales/tr/mail.json';
import type casino from './locales/tr/casino.json';
import type affiliates from './locales/tr/affiliates.json';
import type bills from './locales/tr/bills.json';
import type cards from './locales/tr/cards.json';
import type contact from './locales/tr/contact.json';

/** i18next's TypeScript guide: keys are checked against the Turkish (default) files. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      errors: typeof errors;
      users: typeof users;
      dealers: typeof dealers;
      transfers: typeof transfers;
      coupons: typeof coupons;
      events: typeof events;
      reports: typeof reports;
      results: typeof results;
      catalog: typeof catalog;
      payments: typeof payments;
      site: typeof site;
      content: typeof content;
      mail: typeof mail;
      casino: typeof casino;
      affiliates: typeof affiliates;
      bills: typeof bills;
      cards: typeof cards;
      contact: typeof contact;
    };
  }
}
