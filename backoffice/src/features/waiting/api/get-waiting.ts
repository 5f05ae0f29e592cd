import type { StaffWaiting } from '@kupon/api/contract';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { isSiteStaff, type Section, type StaffMember } from '@/features/auth/access';
import { apiRequest } from '@/lib/api-client';

export const WAITING_KEY = ['staff-waiting'] as const;

/** How often the counts are read again while the back office is open. */
const REFRESH_MS = 60_000;

/** The api answers admin and operator only (api/src/contract/staff-waiting.ts): the staff who decide. */
export function seesWaiting(user: StaffMember): boolean {
  return isSiteStaff(user);
}

/** What waits on this site, read every minute and on return to the window; nothing for other roles. */
export function useStaffWaiting(user: StaffMember) {
  return useQuery({
    queryKey: WAITING_KEY,
    queryFn: () => apiRequest<StaffWaiting>('staff/waiting'),
    enabled: seesWaiting(user),
    refetchInterval: REFRESH_MS,
  });
}

/** The sections whose pages work a queue off. */
export type WaitingSection = Extract<Section, 'transfers' | 'contact' | 'content'>;

/** Where each queue is worked off: its section's page filtered to what waits. */
export const WAITING_PATHS: Record<WaitingSection, string> = {
  transfers: '/transfers?status=requested',
  contact: '/contact?status=open',
  content: '/content?tab=bonusRequests',
};

/** A section's link: straight to its queue while something waits there. */
export function sectionPath(section: Section, waiting: Partial<Record<Section, number>>): string {
  return waiting[section] ? WAITING_PATHS[section as WaitingSection] : `/${section}`;
}

/** The section whose page works each queue off. */
export function waitingBySection(waiting: StaffWaiting | undefined): Partial<Record<Section, number>> {
  if (!waiting) return {};
  return { transfers: waiting.transfers, contact: waiting.contactMessages, content: waiting.bonusRequests };
}

/** When the counts are read again after a decision: the read tables trail the decision's events a little, more under load. */
const AFTER_DECISION_MS = [0, 700, 2_000, 5_000];

/** After a decision the counts are read again, now and a few times over the next seconds, by when the read model has applied it. */
export function refreshWaiting(client: QueryClient): void {
  for (const delay of AFTER_DECISION_MS) setTimeout(() => void client.invalidateQueries({ queryKey: WAITING_KEY }), delay);
}
