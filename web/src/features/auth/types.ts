import type { LimitGroup, Minor, Odds } from '@kupon/domain';

/** A product flag of spec §3 user info ("each with status; 1 enables"). */
export type ProductFlag = 'sportUser' | 'liveUser' | 'casinoUser' | 'slotUser' | 'virtualUser' | 'bingoUser' | 'tvgamesUser' | 'onlineUser';

/** User info (spec §3), the part the player app reads. Money is minor units, odds thousandths. */
export interface PlayerInfo {
  readonly userId: string;
  readonly userName: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly userCredit: Minor;
  readonly currency: string;
  readonly lang: string;
  /** true: the session ended elsewhere; the client logs out (§4). */
  readonly logout: boolean;
  /** Product flags: 1 enables (§3, §6). */
  readonly flags: Readonly<Partial<Record<ProductFlag, number>>>;
  readonly limits?: {
    readonly combine: LimitGroup;
    readonly multiple: LimitGroup;
    readonly system: LimitGroup;
    readonly minOdds: Odds;
    readonly maxOdds: Odds;
  };
  readonly notifications?: readonly { readonly id: string; readonly title: string }[];
  /** §3 user info role (a `terminal` places shop coupons). */
  readonly role?: string;
  /** §7 updateProfile autoprint: the user's own choice to print each placed coupon, when the user info carries it. */
  readonly autoprint?: boolean;
}

/** Spec §2 "A permission-flag route goes to Home unless the flag status is 1 (for a pipe-separated list any one suffices)". */
export function hasAnyFlag(user: Pick<PlayerInfo, 'flags'> | null, flags: string): boolean {
  if (!user) return false;
  return flags
    .split('|')
    .map((f) => f.trim())
    .some((flag) => Number(user.flags[flag as ProductFlag] ?? 0) === 1);
}
