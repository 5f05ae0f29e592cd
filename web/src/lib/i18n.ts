import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from './language';

/** One namespace per feature (STYLE.md); each file is loaded on demand (spec §7 "Language files load on demand"). */
export const NAMESPACES = ['common', 'layout', 'auth', 'betslip', 'sports', 'live', 'coupons', 'content', 'casino', 'money', 'errors', 'affiliate', 'propositions', 'cards', 'contact'] as const;
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
      ns: ['common', 'layout', 'errors'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
      returnNull: false,
    });
  return instance;
}
