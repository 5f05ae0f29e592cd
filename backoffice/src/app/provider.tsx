import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '@/lib/i18n';
import { storedLanguage } from '@/lib/language';

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } } });
}

export function AppProvider({ children, queryClient, i18n }: { children: ReactNode; queryClient?: QueryClient; i18n?: I18n }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [instance] = useState(() => i18n ?? createI18n(storedLanguage()));
  return (
    <I18nextProvider i18n={instance}>
      <QueryClientProvider client={client}>
        <Suspense fallback={<div className="page-loading" aria-busy="true" />}>{children}</Suspense>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
