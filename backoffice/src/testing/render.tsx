import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { ME_QUERY_KEY } from '@/features/auth/api/session';
import { NAMESPACES } from '@/lib/i18n';

const files = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json', { eager: true });

/** i18next with every namespace of both languages loaded at once (tests only). */
export async function testI18n(language: 'tr' | 'en'): Promise<I18n> {
  const resources: Record<string, Record<string, Record<string, unknown>>> = { tr: {}, en: {} };
  for (const [file, module] of Object.entries(files)) {
    const [, lang = '', ns = ''] = /locales\/(\w+)\/([\w-]+)\.json$/.exec(file) ?? [];
    resources[lang]![ns] = module.default;
  }
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({ lng: language, fallbackLng: 'tr', ns: [...NAMESPACES], defaultNS: 'common', resources, interpolation: { escapeValue: false }, react: { useSuspense: false } });
  return i18n;
}

export interface RenderOptions {
  language?: 'tr' | 'en';
  /** The signed-in staff member, as `/me` answers (the query cache is primed with it). */
  me?: object;
  /** Puts `ui` in a memory router at this path. */
  path?: string;
}

/** Renders `ui` with i18n in `language` and a fresh query client that does not retry. */
export async function renderWithProviders(ui: ReactElement, { language = 'tr', me, path }: RenderOptions = {}) {
  const i18n = await testI18n(language);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (me) client.setQueryData(ME_QUERY_KEY, me);
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>{path === undefined ? ui : <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>}</QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, i18n, client };
}
