import { describe, expect, it } from 'vitest';
import { errorKey, isDomainError } from '../shared/decider';
import type { PropositionCatalogFacts, PropositionCommand } from './commands';
import { MAX_PROPOSITIONS, propositionDecider } from './decider';
import type { Proposition, PropositionEvent } from './events';

const NOW = '2026-11-25T10:00:00.000Z';
const staff = { siteId: 'kupon', byUserId: 'admin-1', now: NOW };

/** The catalog as the api would report the match: upcoming, with a 1X2 and an over/under 2.5 market. */
const upcoming: PropositionCatalogFacts = {
  match: {
    status: 'not_started',
    startsAt: '2026-11-25T18:00:00.000Z',
    markets: [
      { marketId: 'FT_1X2', special: '', outcomeIds: ['1', 'X', '2'] },
      { marketId: 'FT_OU', special: '2.5', outcomeIds: ['O', 'U'] },
    ],
  },
};

function given(events: readonly PropositionEvent[]) {
  const state = events.reduce(propositionDecider.evolve, propositionDecider.initialState);
  return {
    state,
    when(command: PropositionCommand, facts: PropositionCatalogFacts | undefined = upcoming) {
      const outcome = propositionDecider.decide(command, state, facts);
      return {
        then(expected: readonly PropositionEvent[]) {
          if (isDomainError(outcome)) expect.fail(`expected events, got ${errorKey(outcome)}`);
          expect(outcome).toEqual(expected);
        },
        thenFails(key: string) {
          if (!isDomainError(outcome)) expect.fail(`expected ${key}, got ${JSON.stringify(outcome)}`);
          expect(errorKey(outcome)).toBe(key);
        },
      };
    },
  };
}

const home: Proposition = { id: 'p1', matchId: 'm1', marketId: 'FT_1X2', special: '', outcomeId: '1', notes: { tr: 'Ev sahibi formda', en: 'Home in form' } };
const over: Proposition = { id: 'p2', matchId: 'm1', marketId: 'FT_OU', special: '2.5', outcomeId: 'O', notes: {} };
const added = (proposition: Proposition): PropositionEvent => ({ type: 'PropositionAdded', data: { siteId: 'kupon', proposition, byUserId: 'admin-1', at: NOW } });
const add = (proposition: Proposition): PropositionCommand => ({ type: 'AddProposition', ...staff, proposition });

describe('adding a proposition', () => {
  it('adds an upcoming match’s selection with its notes trimmed and empty ones dropped, last in the list', () => {
    given([]).when(add({ ...home, notes: { tr: '  Ev sahibi formda ', en: 'Home in form', de: ' ' } })).then([added(home)]);
    expect(given([added(home), added(over)]).state.propositions.map((p) => p.id)).toEqual(['p1', 'p2']);
  });

  it('records nothing when the same request is retried, refuses another pick under a used id and the same pick twice', () => {
    given([added(home)]).when(add(home)).then([]);
    given([added(home)]).when(add({ ...home, outcomeId: '2' })).thenFails('propositionExists|p1');
    given([added(home)]).when(add({ ...home, id: 'p9' })).thenFails('propositionDuplicate|1');
  });

  it('refuses a match the catalog does not know, one that started or is due, a market or outcome it does not offer', () => {
    given([]).when(add(home), { match: null }).thenFails('matchNotFound|m1');
    given([]).when(add(home), { match: { ...upcoming.match!, status: '1p' } }).thenFails('matchNotUpcoming|m1');
    given([]).when(add(home), { match: { ...upcoming.match!, startsAt: NOW } }).thenFails('matchNotUpcoming|m1');
    given([]).when(add({ ...over, special: '3.5' })).thenFails('unknownMarket|FT_OU (3.5)');
    given([]).when(add({ ...home, marketId: 'FT_BTTS' })).thenFails('unknownMarket|FT_BTTS');
    given([]).when(add({ ...home, outcomeId: '3' })).thenFails('unknownOutcome|3');
  });

  it('refuses a bad id, a note over 200 characters or under a code that is no language, and more than the list holds', () => {
    given([]).when(add({ ...home, id: 'Not An Id' })).thenFails('invalidField|id');
    given([]).when(add({ ...home, notes: { tr: 'x'.repeat(201) } })).thenFails('invalidField|notes.tr');
    given([]).when(add({ ...home, notes: { turkish: 'x' } })).thenFails('invalidField|notes.turkish');
    const full = Array.from({ length: MAX_PROPOSITIONS }, (_, i) => added({ ...home, id: `p-${i}`, matchId: `m-${i}` }));
    given(full).when(add({ ...home, id: 'one-more' })).thenFails(`propositionLimit|${MAX_PROPOSITIONS}`);
  });
});

describe('ordering and removing', () => {
  it('reorders the whole list; the same order records nothing; a list that is not the site’s is refused', () => {
    const reordered: PropositionEvent = { type: 'PropositionsReordered', data: { siteId: 'kupon', ids: ['p2', 'p1'], byUserId: 'admin-1', at: NOW } };
    given([added(home), added(over)]).when({ type: 'ReorderPropositions', ...staff, ids: ['p2', 'p1'] }).then([reordered]);
    expect(given([added(home), added(over), reordered]).state.propositions.map((p) => p.id)).toEqual(['p2', 'p1']);
    given([added(home), added(over)]).when({ type: 'ReorderPropositions', ...staff, ids: ['p1', 'p2'] }).then([]);
    given([added(home), added(over)]).when({ type: 'ReorderPropositions', ...staff, ids: ['p2'] }).thenFails('invalidField|ids');
    given([added(home), added(over)]).when({ type: 'ReorderPropositions', ...staff, ids: ['p2', 'p2'] }).thenFails('invalidField|ids');
    given([added(home), added(over)]).when({ type: 'ReorderPropositions', ...staff, ids: ['p2', 'p3'] }).thenFails('invalidField|ids');
  });

  it('removes a proposition; removing one that is not there is refused', () => {
    const removed: PropositionEvent = { type: 'PropositionRemoved', data: { siteId: 'kupon', id: 'p1', byUserId: 'admin-1', at: NOW } };
    given([added(home), added(over)]).when({ type: 'RemoveProposition', ...staff, id: 'p1' }).then([removed]);
    expect(given([added(home), added(over), removed]).state.propositions).toEqual([over]);
    given([added(home), removed]).when({ type: 'RemoveProposition', ...staff, id: 'p1' }).thenFails('propositionNotFound|p1');
  });
});
