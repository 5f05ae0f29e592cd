import type { LoginTicketResponse } from '@kupon/api/contract';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * Where the player site lives: the api does not know it (it answers a path), and in development the
 * back office (5174) and the player site (5173) are different origins. The default names the player
 * site by another host (localhost, not 127.0.0.1): cookies ignore ports, so on one host the player's
 * session cookie would replace the dealer's.
 */
export const PLAYER_SITE_URL: string = (import.meta.env.VITE_PLAYER_SITE_URL as string | undefined) || 'http://localhost:5173';

/** The player site's address that spends `ticket.url` (a path under /tr/loginwithuser). */
export function playerSiteUrl(path: string, base: string = PLAYER_SITE_URL): string {
  return `${base.replace(/\/+$/, '')}${path}`;
}

/** loginwithuser handoff: a single-use 60 s ticket for a player or terminal this staff member manages. */
export function useLoginTicket(userId: string) {
  return useMutation({
    mutationFn: () => apiRequest<LoginTicketResponse>('sessions/as-user/tickets', { method: 'POST', body: { userId } }),
  });
}
