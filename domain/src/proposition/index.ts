/** Proposed bets of a site (spec §7 `matchProposition`). */
export * from './events';
export type * from './commands';
export * from './decider';
