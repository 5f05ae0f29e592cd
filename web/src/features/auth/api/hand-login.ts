import type { LoginResponse } from '@kupon/api/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { writeSessionFlag } from '../session-flag';

/** The two doors of the player site that are not the player's own login (hand login, loginwithuser). */
export const HAND_LOGIN_PATHS = {
  terminal: '/api/v1/sessions/terminal',
  redeemTicket: '/api/v1/sessions/as-user/redeem',
} as const;

export interface TerminalLoginInput {
  readonly userName: string;
  readonly password: string;
  readonly machineId: string;
}

/**
 * Another user may have been signed in on this browser: everything cached belongs to them, so every
 * query is fetched again, and the session flag tells the other tabs (spec §4) before the page moves on.
 */
function useSessionSwitch() {
  const client = useQueryClient();
  return async () => {
    writeSessionFlag('in');
    await client.invalidateQueries();
  };
}

/** doLoginHandTerminal: a terminal (cashier point) with its keypad password and this device's machine id. */
export function useTerminalLogin() {
  const switched = useSessionSwitch();
  return useMutation({
    mutationFn: (input: TerminalLoginInput) => apiRequest<LoginResponse>(HAND_LOGIN_PATHS.terminal, { method: 'POST', body: input }),
    onSuccess: switched,
  });
}

/** loginwithuser: spends the back office's single-use ticket; the session is the player's (or terminal's). */
export function useRedeemLoginTicket() {
  const switched = useSessionSwitch();
  return useMutation({
    mutationFn: (ticket: string) => apiRequest<LoginResponse>(HAND_LOGIN_PATHS.redeemTicket, { method: 'POST', body: { ticket } }),
    onSuccess: switched,
  });
}
