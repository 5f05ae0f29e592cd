import type { CaptchaResponse, RegisterBody } from '@kupon/api/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest, isMissingRoute } from '@/lib/api-client';

/** The identity routes for registration and passwords (issue 4). */
export const ACCOUNT_PATHS = {
  captcha: '/api/v1/captcha',
  register: '/api/v1/users',
  activation: '/api/v1/users/activation',
  forgotPassword: '/api/v1/password/forgot',
  resetPassword: '/api/v1/password/reset',
  changePassword: '/api/v1/me/password',
} as const;

/**
 * The security code challenge (§5 "security code checked"); null while the api offers none. Each
 * challenge answers once: a form asks for a new one after every send. `enabled` false (a logged-in
 * player's contact form) asks for none.
 */
export function useCaptcha(enabled = true) {
  return useQuery({
    enabled,
    queryKey: ['captcha'],
    queryFn: async () => {
      try {
        return await apiRequest<CaptchaResponse>(ACCOUNT_PATHS.captcha);
      } catch (error) {
        if (isMissingRoute(error)) return null;
        throw error;
      }
    },
    staleTime: 0,
    gcTime: 0,
    refetchOnMount: 'always',
  });
}

export function useRegister() {
  return useMutation({ mutationFn: (body: RegisterBody) => apiRequest<unknown>(ACCOUNT_PATHS.register, { method: 'POST', body }) });
}

export function useActivation(code: string) {
  return useQuery({
    queryKey: ['activation', code],
    queryFn: () => apiRequest<unknown>(ACCOUNT_PATHS.activation, { method: 'POST', body: { activationCode: code } }),
    retry: false,
    staleTime: Infinity,
  });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: (body: { userName?: string; email?: string }) => apiRequest<unknown>(ACCOUNT_PATHS.forgotPassword, { method: 'POST', body }) });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: { passCode: string; password: string; repassword: string }) => apiRequest<unknown>(ACCOUNT_PATHS.resetPassword, { method: 'POST', body }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword: string; newPassword: string; newPasswordRepeat: string }) => apiRequest<unknown>(ACCOUNT_PATHS.changePassword, { method: 'POST', body }),
  });
}
