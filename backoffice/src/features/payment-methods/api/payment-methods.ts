import type { PaymentMethodSettingBody, PaymentMethodSettingView } from '@contract/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

export type MethodSetting = z.infer<typeof PaymentMethodSettingView>;
export type MethodSettingBody = z.output<typeof PaymentMethodSettingBody>;

/** The product's deposit and withdrawal methods with this site's setting of each (api/src/routes/payments.ts); a short catalog, not paged. */
export function useMethodSettings(lang: string) {
  return useQuery({
    queryKey: ['payment-methods', lang],
    queryFn: () => apiRequest<{ methods: MethodSetting[] }>('payments/methods/settings', { query: { lang } }).then((r) => r.methods),
  });
}

/** Offers a method on this site or not, with its order, amounts and names; the answer is every method as it now stands. */
export function useSaveMethodSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ direction, payCatId, body }: { direction: MethodSetting['direction']; payCatId: number; body: MethodSettingBody }) =>
      apiRequest<{ methods: MethodSetting[] }>(`payments/methods/settings/${direction}/${payCatId}`, { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['payment-methods'] }),
  });
}
