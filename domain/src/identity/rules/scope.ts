import { domainError, type DomainError } from '../../shared/decider';
import type { ActingUser } from '../commands';
import { isDealerRole, isReadOnlyRole, type Role } from '../roles';

/** Staff who see and manage the whole of their own site (not another's). */
const SITE_WIDE: readonly Role[] = ['admin', 'operator', 'partner', 'regulator'];

export interface ManagedUser {
  readonly userId: string;
  readonly siteId: string;
  readonly ancestors: readonly string[];
}

/** Whether `actor` may see `target`: site-wide staff of its site, or a dealer above it in the tree. */
export function canSee(actor: ActingUser, target: ManagedUser): boolean {
  if (actor.siteId !== target.siteId) return false;
  if (actor.userId === target.userId) return true;
  if (SITE_WIDE.includes(actor.role)) return true;
  return isDealerRole(actor.role) && target.ancestors.includes(actor.userId);
}

/**
 * §6 "cannot cut an account of a user not their own": a staff command on a user outside the actor's
 * subtree (or site) is `thisOperatorNotYour`; the read-only regulator changes nothing. The site-wide
 * staff accounts (admin, operator, partner, regulator) are an admin's alone to change: an operator
 * sees them but cannot make an admin passive, end its sessions or edit it (§6 "only admins handle
 * system menus").
 */
export function checkManages(actor: ActingUser, target: ManagedUser & { readonly role: Role }): DomainError | null {
  if (isReadOnlyRole(actor.role)) return domainError('readOnlyRole');
  if (actor.userId === target.userId) return domainError('permissionDenied', 'self');
  if (!canSee(actor, target)) return domainError('thisOperatorNotYour');
  if (SITE_WIDE.includes(target.role) && actor.role !== 'admin') return domainError('thisOperatorNotYour');
  if (actor.role === 'partner') return domainError('permissionDenied', actor.role);
  return null;
}
