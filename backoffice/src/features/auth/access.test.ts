import { DEFAULT_PERMISSIONS, type Role } from '@kupon/domain';
import { describe, expect, it } from 'vitest';
import { canWrite, openableRoles, sectionsFor } from './access';

const as = (role: Role) => ({ role, permissions: [...DEFAULT_PERMISSIONS[role]] });

describe('what each back-office role sees (§6)', () => {
  it('the regulator reads users, the event log and reports, and writes nothing', () => {
    expect(sectionsFor(as('regulator'))).toEqual(['users', 'results', 'events', 'reports', 'catalog', 'content', 'contact', 'affiliates', 'propositions']);
    expect(canWrite(as('regulator'))).toBe(false);
    expect(openableRoles(as('regulator'))).toEqual([]);
  });

  it('a dealer works its subtree: no transfers desk and no event log', () => {
    expect(sectionsFor(as('dealer'))).toEqual(['users', 'dealers', 'coupons', 'reports', 'cards']);
    expect(openableRoles(as('dealer'))).toEqual(['subDealer', 'player', 'terminal']);
  });

  it('a sub-dealer without the dealer-opening permission opens players and terminals only', () => {
    expect(openableRoles(as('subDealer'))).toEqual(['player', 'terminal']);
    expect(openableRoles({ role: 'topDealer', permissions: ['userOpen'] })).toEqual(['player', 'terminal']);
  });

  it('the contact inbox is the site staff’s and the regulator’s, never a dealer’s or a partner’s', () => {
    for (const role of ['admin', 'operator', 'regulator'] as const) expect(sectionsFor(as(role)), role).toContain('contact');
    for (const role of ['topDealer', 'dealer', 'subDealer', 'partner'] as const) expect(sectionsFor(as(role)), role).not.toContain('contact');
  });

  it('an admin sees every section; without reportsView nobody sees reports', () => {
    expect(sectionsFor(as('admin'))).toEqual(['users', 'dealers', 'transfers', 'coupons', 'results', 'events', 'reports', 'catalog', 'payments', 'site', 'content', 'mail', 'contact', 'affiliates', 'propositions', 'cards']);
    expect(sectionsFor({ role: 'operator', permissions: [] })).toEqual(['users', 'transfers', 'coupons', 'results', 'events', 'catalog', 'payments', 'content', 'mail', 'contact', 'affiliates', 'propositions', 'cards']);
  });
});
