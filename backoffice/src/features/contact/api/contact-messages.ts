import type { ContactInbox, ContactReplyBody, ContactStatus, ContactTopic, StaffContactMessage } from '@kupon/api/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshWaiting } from '@/features/waiting/api/get-waiting';
import { apiRequest } from '@/lib/api-client';

/** The staff routes of the contact inbox (api/src/contract/contact.ts): this site's messages only. */
export const CONTACT_PATHS = {
  list: 'staff/contact-messages',
  message: (messageId: string) => `staff/contact-messages/${encodeURIComponent(messageId)}`,
  replies: (messageId: string) => `staff/contact-messages/${encodeURIComponent(messageId)}/replies`,
  close: (messageId: string) => `staff/contact-messages/${encodeURIComponent(messageId)}/close`,
} as const;

const KEY = ['contact-messages'] as const;
const LIST_KEY = [...KEY, 'list'] as const;
const messageKey = (messageId: string) => [...KEY, 'message', messageId] as const;

export interface InboxSearch {
  /** null for every status. */
  readonly status: ContactStatus | null;
  /** null for every topic. */
  readonly topic: ContactTopic | null;
  /** Name, e-mail, username or subject ('' for all). */
  readonly q: string;
  readonly offset: number;
  readonly limit: number;
}

/** One page of the inbox, newest first, filtered and paged by the server, with the total that match. */
export function useContactInbox(search: InboxSearch) {
  return useQuery({
    queryKey: [...LIST_KEY, search],
    queryFn: () =>
      apiRequest<ContactInbox>(CONTACT_PATHS.list, {
        query: { status: search.status ?? undefined, topic: search.topic ?? undefined, q: search.q || undefined, limit: search.limit, offset: search.offset },
      }),
    placeholderData: keepPreviousData,
  });
}

/** The whole message with its replies. */
export function useContactMessage(messageId: string) {
  return useQuery({ queryKey: messageKey(messageId), queryFn: () => apiRequest<StaffContactMessage>(CONTACT_PATHS.message(messageId)) });
}

/**
 * A reply or a close answers the message as it now stands: it replaces the cached message and its
 * row in every cached page of the list (status, reply count, last reply). The list comes from a read
 * model that may trail the change by milliseconds, so it is not read again now (that could bring the
 * old row back); it is marked stale, to be read on the next visit, filter or page.
 */
function useMessageChange<V>(messageId: string, send: (value: V) => Promise<StaffContactMessage>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (message) => {
      client.setQueryData(messageKey(messageId), message);
      const { status, replyCount, repliedAt } = message;
      client.setQueriesData<ContactInbox>({ queryKey: LIST_KEY }, (page) =>
        page ? { ...page, messages: page.messages.map((row) => (row.messageId === messageId ? { ...row, status, replyCount, repliedAt } : row)) } : page,
      );
      void client.invalidateQueries({ queryKey: LIST_KEY, refetchType: 'none' });
      refreshWaiting(client);
    },
  });
}

/** Records a staff reply and mails it to the message's address; the same `replyId` again records nothing more. */
export function useReplyToContact(messageId: string) {
  return useMessageChange(messageId, (body: ContactReplyBody) => apiRequest<StaffContactMessage>(CONTACT_PATHS.replies(messageId), { method: 'POST', body }));
}

export function useCloseContact(messageId: string) {
  return useMessageChange<void>(messageId, () => apiRequest<StaffContactMessage>(CONTACT_PATHS.close(messageId), { method: 'POST' }));
}
