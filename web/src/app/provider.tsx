import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, Suspense, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { createI18n } from '@/lib/i18n';
import { initialLanguage } from './initial-language';

/**
 * The app's query client. A call refused with 503 `maintenance` (the operator closed the site while
 * this page was open) re-reads the site's settings at once, so the maintenance page shows without
 * waiting for the settings' own refresh.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (isApiError(error) && error.key === 'maintenance') void client.invalidateQueries({ queryKey: ['site-settings'] });
  };
  const client: QueryClient = new QueryClient({
    defaultOptions: { queries: { refetchOnWindowFocus: false, retry: 1 } },
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
  });
  return client;
}

export function AppProvider({ children, queryClient, i18n }: { children: ReactNode; queryClient?: QueryClient; i18n?: I18n }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [instance] = useState(() => i18n ?? createI18n(initialLanguage()));
  return (
    <I18nextProvider i18n={instance}>
      <QueryClientProvider client={client}>
        <Suspense fallback={<div className="page-loading" aria-busy="true" />}>{children}</Suspense>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
