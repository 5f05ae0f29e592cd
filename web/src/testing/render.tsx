import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { NAMESPACES } from '@/lib/i18n';

const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

/** i18next with every namespace of both languages loaded at once (tests only). */
export async function testI18n(language: 'tr' | 'en'): Promise<I18n> {
  const resources: Record<string, Record<string, Record<string, unknown>>> = { tr: {}, en: {} };
  for (const [path, module] of Object.entries(files)) {
    const [, lang = '', ns = ''] = /locales\/(\w+)\/(\w+)\.json$/.exec(path) ?? [];
    resources[lang]![ns] = module.default;
  }
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({ lng: language, fallbackLng: 'tr', ns: [...NAMESPACES], defaultNS: 'common', resources, interpolation: { escapeValue: false }, react: { useSuspense: false } });
  return instance;
}

export function localeFiles(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(Object.entries(files).map(([path, module]) => [path.replace(/^.*locales\//, ''), module.default]));
}

/** Renders `ui` at `/:lang/...` with i18n, a fresh query client and a router. */
export async function renderPage(ui: ReactElement, { language = 'tr', path = `/${language}` }: { language?: 'tr' | 'en'; path?: string } = {}) {
  const i18n = await testI18n(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/:lang/*" element={ui} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, i18n, client };
}
