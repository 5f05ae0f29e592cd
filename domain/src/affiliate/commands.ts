import type { Role } from '../identity/roles';
import type { AffiliateStatus } from './events';

/** affiliateRegister: an online player asks to join the affiliate programme of their site. */
export interface ApplyForAffiliate {
  readonly type: 'ApplyForAffiliate';
  readonly userId: string;
  readonly siteId: string;
  readonly userName: string;
  readonly role: Role;
  /** A code already reserved for this user on `affiliatecode-<site>-<code>`. */
  readonly referralCode: string;
  /** The site's affiliateStatus setting at the time of asking. */
  readonly programmeOpen: boolean;
  readonly now: string;
}

/** Staff (admin, operator) pause or resume an affiliate account of their site. */
export interface ChangeAffiliateStatus {
  readonly type: 'ChangeAffiliateStatus';
  readonly status: AffiliateStatus;
  readonly by: string;
  readonly now: string;
}

export type AffiliateCommand = ApplyForAffiliate | ChangeAffiliateStatus;

export interface ReserveAffiliateCode {
  readonly type: 'ReserveAffiliateCode';
  readonly siteId: string;
  readonly referralCode: string;
  readonly userId: string;
  readonly now: string;
}

export type AffiliateCodeCommand = ReserveAffiliateCode;
