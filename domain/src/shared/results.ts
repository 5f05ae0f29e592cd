/**
 * How one outcome (one selection's pick) ended. `half_won` / `half_lost` come from Asian quarter
 * lines: half the stake on each neighbouring line, so half wins (or loses) and half is void.
 */
export type OutcomeResult = 'won' | 'lost' | 'void' | 'half_won' | 'half_lost';
export const OUTCOME_RESULTS: readonly OutcomeResult[] = ['won', 'lost', 'void', 'half_won', 'half_lost'];
