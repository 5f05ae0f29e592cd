import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { USER_QUERY_KEY } from '@/features/auth/api/get-user';
import { isApiError, newRequestId } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { useUiStore } from '@/stores/ui-store';
import { type MoneyType, type Paytype, type TransferRequest, useTransferRequest } from '../api/money';
import { type AnswerStep, answerStep } from '../payment-form';

/** A login the request found missing: the session ended, so the login popup opens (§8). */
export function isLoggedOut(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.key === 'loginRequired');
}

/** The browser going to the provider's page, here or in the window `target` names. */
function follow(step: Extract<AnswerStep, { kind: 'open' }>): void {
  if (step.target && step.target !== '_self') window.open(step.url, step.target, 'noopener');
  else window.location.assign(step.url);
}

/**
 * `setTransferRequest` for one paytype, and what its answer does (§4): each attempt has a fresh
 * request id; a provider page is followed or framed, a message is shown and the balance re-read; a
 * refusal is the translated 'key|param'.
 */
export function usePaymentRequest(type: MoneyType, paytype: Pick<Paytype, 'payId' | 'payCatId'>) {
  const request = useTransferRequest();
  const openPopup = useUiStore((s) => s.openPopup);
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const [step, setStep] = useState<AnswerStep | null>(null);

  const send = (part: Pick<TransferRequest, 'values'> & { amount?: number }) => {
    setStep(null);
    const body: TransferRequest = { requestId: newRequestId(), payId: paytype.payId, payCatId: paytype.payCatId, transferType: type === 1 ? '1' : '2', ...part };
    request.mutate(body, {
      onSuccess: (answer) => {
        const next = answerStep(answer, type);
        setStep(next);
        if (next.kind === 'open') follow(next);
        // A withdrawal holds the amount at once; a deposit's request shows in the requests list.
        void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
        void queryClient.invalidateQueries({ queryKey: ['money', 'transfers'] });
      },
      onError: (error) => {
        if (isLoggedOut(error)) openPopup({ kind: 'login' });
      },
    });
  };

  const failure = request.error ? (isApiError(request.error) ? errorText(request.error.key, request.error.params) : errorText('tecnicalProblemContent')) : null;
  return { send, sending: request.isPending, step, failure };
}
