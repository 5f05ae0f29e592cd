import type { Role } from '@kupon/domain';

/** Who asks to see a coupon (or a slip, a withdrawal, a round of the same account). */
export interface CouponViewer {
  readonly userId: string;
  readonly role: Role;
  readonly siteId: string;
}

/** The accounts a visibility check reads: the owner's site and the dealers above it. */
export interface OwnerDirectory {
  load(userId: string): Promise<{ readonly siteId: string; readonly ancestors: readonly string[] } | null>;
}

/** May `viewer` see a coupon of `ownerId`: its player, or a dealer above the player, or admin/operator of its site. */
export async function couponVisibleTo(accounts: OwnerDirectory, viewer: CouponViewer, ownerId: string): Promise<boolean> {
  if (ownerId === viewer.userId) return true;
  const owner = await accounts.load(ownerId);
  return Boolean(owner && owner.siteId === viewer.siteId && (viewer.role === 'admin' || viewer.role === 'operator' || owner.ancestors.includes(viewer.userId)));
}
