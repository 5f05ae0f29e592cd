import type { AddPaymentMethodBody, FormFieldBody, FormFieldsBody, PaymentMethodSettingBody, PaymentMethodSettingView } from '@contract/money';
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

export type MethodField = z.input<typeof FormFieldBody>;
export type AddMethodBody = z.output<typeof AddPaymentMethodBody>;

/** The providers a method can be added of (the settings answer carries them). */
export function useMethodProviders(lang: string) {
  return useQuery({
    queryKey: ['payment-methods', lang, 'providers'],
    queryFn: () => apiRequest<{ providers: string[] }>('payments/methods/settings', { query: { lang } }).then((r) => r.providers),
  });
}

/** Adds a method of one of the providers that exist to this site, with its form (api/PAYMENT-METHODS.md). */
export function useAddMethod() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddMethodBody) => apiRequest<{ methods: MethodSetting[] }>('payments/methods/settings', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['payment-methods'] }),
  });
}

/** Replaces the form players fill in for a method. */
export function useSaveMethodFields() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ direction, payCatId, fields }: { direction: MethodSetting['direction']; payCatId: number; fields: z.output<typeof FormFieldsBody>['fields'] }) =>
      apiRequest<{ methods: MethodSetting[] }>(`payments/methods/settings/${direction}/${payCatId}/fields`, { method: 'PUT', body: { fields } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['payment-methods'] }),
  });
}
