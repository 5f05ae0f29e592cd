import { LANGUAGE_CODE } from '@kupon/domain';
import { z } from 'zod';

/**
 * Wire shapes of the operator's proposed bets (spec §7 content `matchProposition`, "Günün
 * önerileri"): staff pick a selection (match, market, line, outcome) of an upcoming pre-match match,
 * with an optional short note per language; the player site lists them on its home page and one
 * click puts the pick on the betslip at the catalog's current odds. Kept per site on the stream
 * `proposition-<siteId>` (domain/src/proposition); the list is a handful of picks, so the routes
 * read the site's folded stream (cached by revision) rather than a read table, and join the catalog
 * read model for names and prices at request time.
 *
 * Player site (guests too):
 * - `GET /content/propositions?lang=` → `PublicPropositions`: the site's propositions in order, each
 *   with the site's current price (`odd`, thousandths) and names in the language. A proposition
 *   drops out while its match started or ended, bets on it are stopped, its market is suspended,
 *   inactive or hidden, or its outcome inactive (§4, as the catalog applies it); `[]` when none.
 *
 * Back office (`/content-settings/propositions`; admin and operator change, the regulator reads):
 * - `GET` → `StaffPropositions`: every proposition in order with its match and price as the catalog
 *   has them now and `shown` (whether the player site lists it now).
 * - `POST` with `PropositionBody` → `StaffPropositions` (added last). The catalog must have the
 *   match, not started and not due, and the market (with its line) and outcome.
 * - `PUT /order` with `PropositionOrderBody` (every id once, in the new order) → `StaffPropositions`.
 * - `DELETE /:id` → `StaffPropositions`.
 *
 * Refusals: 400 `invalidField|id|notes.<lang>|ids`; 401 `loginRequired`; 403 `permissionDenied|role`;
 * 404 `matchNotFound|matchId`, `propositionNotFound|id`; 409 `propositionExists|id` (another pick
 * under that id), `propositionDuplicate|outcome`, `propositionLimit|20`; 422 `matchNotUpcoming|matchId`,
 * `unknownMarket|market`, `unknownOutcome|outcome`.
 */


export const PropositionLangQuery = z.object({ lang: z.string().regex(LANGUAGE_CODE, 'invalidField|lang').optional() });
export const PropositionParams = z.object({ id: z.string().min(1).max(64) });

export const PropositionBody = z.object({
  /** A client-made slug or uuid; the same id and pick again is answered, not repeated. */
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'invalidField|id'),
  matchId: z.string().min(1, 'isRequiredArea|matchId').max(100, 'invalidField|matchId'),
  marketId: z.string().min(1, 'isRequiredArea|marketId').max(100, 'invalidField|marketId'),
  special: z.string().max(40, 'invalidField|special').default(''),
  outcomeId: z.string().min(1, 'isRequiredArea|outcomeId').max(40, 'invalidField|outcomeId'),
  notes: z.record(z.string().regex(LANGUAGE_CODE, 'invalidField|notes'), z.string().max(200, 'invalidField|notes')).default({}),
});
export type PropositionBody = z.input<typeof PropositionBody>;

export const PropositionOrderBody = z.object({ ids: z.array(z.string().min(1).max(64)).max(100) });
export type PropositionOrderBody = z.infer<typeof PropositionOrderBody>;

/** A pick as the player site shows it; what an odds button needs to put it on the betslip. */
export const PublicProposition = z.object({
  id: z.string(),
  /** The note in the asked language (else the site's default, else any); '' for none. */
  note: z.string(),
  matchId: z.string(),
  sportId: z.number().int(),
  sportName: z.string(),
  tournamentName: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  /** ISO instant, UTC. */
  matchDate: z.string(),
  /** The market code the betslip and coupon name (`FT_1X2`). */
  marketId: z.string(),
  special: z.string(),
  typeName: z.string(),
  outcomeId: z.string(),
  outcome: z.string(),
  /** The site's current price, thousandths. */
  odd: z.number().int(),
});
export type PublicProposition = z.infer<typeof PublicProposition>;
export const PublicPropositions = z.object({ propositions: z.array(PublicProposition) });
export type PublicPropositions = z.infer<typeof PublicPropositions>;

/** A pick as staff see it: the names and price when the catalog still has them, and whether it shows. */
export const StaffProposition = z.object({
  id: z.string(),
  matchId: z.string(),
  marketId: z.string(),
  special: z.string(),
  outcomeId: z.string(),
  notes: z.record(z.string(), z.string()),
  /** null when the catalog (or this site) no longer has the match. */
  match: z.object({ homeTeam: z.string(), awayTeam: z.string(), matchDate: z.string(), sportName: z.string(), tournamentName: z.string() }).nullable(),
  typeName: z.string().nullable(),
  outcome: z.string().nullable(),
  odd: z.number().int().nullable(),
  shown: z.boolean(),
});
export type StaffProposition = z.infer<typeof StaffProposition>;
export const StaffPropositions = z.object({ propositions: z.array(StaffProposition) });
export type StaffPropositions = z.infer<typeof StaffPropositions>;
