import type { ContactBody, ContactSent, MyContactMessage, MyContactMessages } from '@kupon/api/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, isMissingRoute } from '@/lib/api-client';

/** The player's half of the contact routes (api contract `contact.ts`). */
export const CONTACT_PATHS = {
  send: '/api/v1/contact',
  mine: '/api/v1/contact/mine',
} as const;

export const MY_CONTACT_MESSAGES_KEY = ['contact', 'mine'] as const;

/**
 * Sends the form. The sent message goes at the top of the player's own list at once, as the server
 * stored it: the list is a read model that may not hold it for a few milliseconds yet, so reading it
 * again now could drop it; the list's next periodic read brings the server's own copy.
 */
export function useSendContactMessage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactBody) => apiRequest<ContactSent>(CONTACT_PATHS.send, { method: 'POST', body }),
    onSuccess: (sent, body) => {
      const message: MyContactMessage = { messageId: sent.messageId, topic: body.topic, subject: body.subject, message: body.message, status: sent.status, sentAt: new Date().toISOString(), replies: [] };
      client.setQueryData<MyContactMessage[]>(MY_CONTACT_MESSAGES_KEY, (before) => (before?.some((m) => m.messageId === sent.messageId) ? before : [message, ...(before ?? [])]));
    },
  });
}

/** How often an open page reads the player's messages again (staff replies come in meanwhile). */
const MY_MESSAGES_REFRESH_MS = 30_000;

/** The logged-in player's messages, newest first, with the staff replies; asked only for a player. */
export function useMyContactMessages(loggedIn: boolean) {
  return useQuery({
    queryKey: MY_CONTACT_MESSAGES_KEY,
    queryFn: async (): Promise<MyContactMessage[]> => {
      try {
        return (await apiRequest<MyContactMessages>(CONTACT_PATHS.mine)).messages;
      } catch (error) {
        // An api without the route (yet) has no messages to show.
        if (isMissingRoute(error)) return [];
        throw error;
      }
    },
    enabled: loggedIn,
    refetchInterval: MY_MESSAGES_REFRESH_MS,
  });
}
