import { isSiteStaff, type StaffMember } from '@/features/auth/access';

/** Pausing and resuming an affiliate is the site staff's (the api answers the regulator `readOnlyRole`). */
export function mayChangeAffiliates(user: StaffMember | null | undefined): boolean {
  return isSiteStaff(user);
}
