import { isSiteStaff, type StaffMember } from '@/features/auth/access';

/** Answering and closing a message is the site staff's; the regulator reads the inbox (api/src/contract/contact.ts). */
export function mayAnswerContact(user: StaffMember | null | undefined): boolean {
  return isSiteStaff(user);
}
