import type { Role } from '@kupon/domain';

/** Accounts that have bills: everyone under a dealer (players, terminals, affiliates and the dealers themselves). */
const BILLED: readonly string[] = ['player', 'terminal', 'affiliate', 'subDealer', 'dealer', 'topDealer'] satisfies readonly Role[];
/** Staff who read bills in the back office: the api scopes a dealer to its subtree. */
const READERS: readonly string[] = ['admin', 'operator', 'regulator', 'topDealer', 'dealer', 'subDealer'] satisfies readonly Role[];

export function hasBills(me: { role: string }, user: { role: string }): boolean {
  return READERS.includes(me.role) && BILLED.includes(user.role);
}
