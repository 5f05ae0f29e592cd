/** Affiliate programme: players who bring players (spec §1, §6, §7 affiliate calls). */
export * from './events';
export type * from './commands';
export * from './decider';
