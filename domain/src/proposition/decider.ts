import { assertNever, type Decider, type DomainError, domainError, isDomainError } from '../shared/decider';
import type { LocalizedText } from '../content/events';
import type { PropositionCatalogFacts, PropositionCommand } from './commands';
import type { Proposition, PropositionEvent } from './events';
import { isLanguageCode } from '../shared/language';

export function propositionStream(siteId: string): string {
  return `proposition-${siteId}`;
}

/** A home page list, not a bulletin: more would bury the picks. */
export const MAX_PROPOSITIONS = 20;
export const PROPOSITION_NOTE_MAX = 200;

/** The site's propositions in the order the player site shows them. */
export interface PropositionState {
  readonly propositions: readonly Proposition[];
}

export const initialPropositionState: PropositionState = { propositions: [] };

const ITEM_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The same selection: one match, market, line and outcome. */
export function sameSelection(a: Omit<Proposition, 'id' | 'notes'>, b: Omit<Proposition, 'id' | 'notes'>): boolean {
  return a.matchId === b.matchId && a.marketId === b.marketId && a.special === b.special && a.outcomeId === b.outcomeId;
}

function evolve(state: PropositionState, event: PropositionEvent): PropositionState {
  switch (event.type) {
    case 'PropositionAdded':
      return { propositions: [...state.propositions.filter((p) => p.id !== event.data.proposition.id), event.data.proposition] };
    case 'PropositionsReordered': {
      const byId = new Map(state.propositions.map((p) => [p.id, p]));
      const ordered = event.data.ids.flatMap((id) => byId.get(id) ?? []);
      // Anything the event does not name (none, when decided here) keeps its place after the named.
      return { propositions: [...ordered, ...state.propositions.filter((p) => !event.data.ids.includes(p.id))] };
    }
    case 'PropositionRemoved':
      return { propositions: state.propositions.filter((p) => p.id !== event.data.id) };
    default:
      return assertNever(event);
  }
}

/** Notes trimmed, empty ones dropped, each a two-letter language code and at most 200 characters. */
function checkNotes(notes: LocalizedText): LocalizedText | DomainError {
  const kept: Record<string, string> = {};
  for (const [lang, text] of Object.entries(notes)) {
    if (!isLanguageCode(lang)) return domainError('invalidField', `notes.${lang}`);
    const trimmed = text.trim();
    if (trimmed.length > PROPOSITION_NOTE_MAX) return domainError('invalidField', `notes.${lang}`);
    if (trimmed !== '') kept[lang] = trimmed;
  }
  return kept;
}

/** Against the catalog: the match exists, has not started (and is not due), the market and outcome exist. */
function checkAgainstCatalog(proposition: Proposition, facts: PropositionCatalogFacts | undefined, now: string): DomainError | null {
  const match = facts?.match;
  if (!match) return domainError('matchNotFound', proposition.matchId);
  if (match.status !== 'not_started' || Date.parse(match.startsAt) <= Date.parse(now)) return domainError('matchNotUpcoming', proposition.matchId);
  const market = match.markets.find((m) => m.marketId === proposition.marketId && m.special === proposition.special);
  if (!market) return domainError('unknownMarket', proposition.special ? `${proposition.marketId} (${proposition.special})` : proposition.marketId);
  if (!market.outcomeIds.includes(proposition.outcomeId)) return domainError('unknownOutcome', proposition.outcomeId);
  return null;
}

function decide(command: PropositionCommand, state: PropositionState, facts: PropositionCatalogFacts | undefined): readonly PropositionEvent[] | DomainError {
  const { siteId, byUserId, now } = command;
  switch (command.type) {
    case 'AddProposition': {
      const given = command.proposition;
      if (!ITEM_ID.test(given.id)) return domainError('invalidField', 'id');
      const notes = checkNotes(given.notes);
      if (isDomainError(notes)) return notes;
      const proposition: Proposition = { ...given, notes };
      const same = state.propositions.find((p) => p.id === proposition.id);
      // A retried request (same id, same pick) records nothing; a different pick under a used id is refused.
      if (same) return sameSelection(same, proposition) ? [] : domainError('propositionExists', proposition.id);
      if (state.propositions.some((p) => sameSelection(p, proposition))) return domainError('propositionDuplicate', proposition.outcomeId);
      if (state.propositions.length >= MAX_PROPOSITIONS) return domainError('propositionLimit', MAX_PROPOSITIONS);
      const refused = checkAgainstCatalog(proposition, facts, now);
      if (refused) return refused;
      return [{ type: 'PropositionAdded', data: { siteId, proposition, byUserId, at: now } }];
    }
    case 'ReorderPropositions': {
      const current = state.propositions.map((p) => p.id);
      const ids = command.ids;
      if (ids.length !== current.length || new Set(ids).size !== ids.length || ids.some((id) => !current.includes(id))) return domainError('invalidField', 'ids');
      if (ids.every((id, index) => current[index] === id)) return [];
      return [{ type: 'PropositionsReordered', data: { siteId, ids: [...ids], byUserId, at: now } }];
    }
    case 'RemoveProposition':
      if (!state.propositions.some((p) => p.id === command.id)) return domainError('propositionNotFound', command.id);
      return [{ type: 'PropositionRemoved', data: { siteId, id: command.id, byUserId, at: now } }];
    default:
      return assertNever(command);
  }
}

/** `proposition-<siteId>`: add (checked against the catalog facts the caller looked up), reorder, remove. */
export const propositionDecider: Decider<PropositionState, PropositionCommand, PropositionEvent, PropositionCatalogFacts | undefined> = {
  initialState: initialPropositionState,
  evolve,
  decide,
};
