import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from './language';

/** One namespace per feature (STYLE.md); each file loads with the page that needs it. */
export const NAMESPACES = ['common', 'errors', 'users', 'dealers', 'transfers', 'coupons', 'results', 'events', 'reports', 'catalog', 'payments', 'site', 'content', 'mail', 'casino', 'affiliates', 'bills', 'cards', 'contact'] as const;
export type Namespace = (typeof NAMESPACES)[number];

const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

const lazyFiles: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = files[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error as Error, false),
    );
  },
};

export function createI18n(language: string = DEFAULT_LANGUAGE): I18n {
  const instance = i18next.createInstance();
  void instance
    .use(lazyFiles)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: ['common', 'errors'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  return instance;
}
