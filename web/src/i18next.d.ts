import type auth from './locales/tr/auth.json';
import type betslip from './locales/tr/betslip.json';
import type casino from './locales/tr/casino.json';
import type common from './locales/tr/common.json';
import type content from './locales/tr/content.json';
import type coupons from './locales/tr/coupons.json';
import type errors from './locales/tr/errors.json';
import type layout from './locales/tr/layout.json';
import type live from './locales/tr/live.json';
import type money from './locales/tr/money.json';
import type sports from './locales/tr/sports.json';
import type affiliate from './locales/tr/affiliate.json';
import type propositions from './locales/tr/propositions.json';
import type cards from './locales/tr/cards.json';
import type contact from './locales/tr/contact.json';

/** i18next's TypeScript guide: keys are checked against the Turkish (default) files. */
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      layout: typeof layout;
      auth: typeof auth;
      betslip: typeof betslip;
      sports: typeof sports;
      live: typeof live;
      coupons: typeof coupons;
      content: typeof content;
      casino: typeof casino;
      money: typeof money;
      errors: typeof errors;
      affiliate: typeof affiliate;
      propositions: typeof propositions;
      cards: typeof cards;
      contact: typeof contact;
    };
  }
}
