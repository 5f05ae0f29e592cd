import type { Role } from '@kupon/domain';

/** A login a seed opened (the demo's printed by `npm start`, a test api's): who, where, and which door. */
export interface SeededLogin {
  readonly siteId: string;
  readonly role: Role;
  readonly userName: string;
  readonly password: string;
  /** Which login call takes it: POST /api/v1/sessions, /sessions/operator or /sessions/terminal. */
  readonly door: 'player' | 'operator' | 'terminal';
  readonly userId: string;
}

/** What a seed answers: whether it wrote anything (false: the store already held it, a restart), and its logins. */
export interface SeededLogins {
  readonly created: boolean;
  readonly logins: readonly SeededLogin[];
}
