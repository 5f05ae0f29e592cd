import { z } from 'zod';

/** A match with its odds as the catalog and live lists answer it (shared by `catalog/routes.ts` and `live/routes.ts`). */
export const OddSchema = z.object({ outcomeid: z.string(), outcome: z.string(), odd: z.number().int().describe('Thousandths'), active: z.union([z.literal(0), z.literal(1)]) });
export const OddsGroupSchema = z.object({
  oddsid: z.string(),
  oddstype: z.number().int(),
  typename: z.string(),
  special: z.string(),
  active: z.union([z.literal(0), z.literal(1)]),
  iss: z.union([z.literal(0), z.literal(1)]).describe('Suspended'),
  isv: z.union([z.literal(0), z.literal(1)]).describe('Visible'),
  odds: z.array(OddSchema),
});
export const MatchSchema = z.object({
  id: z.string(),
  sportId: z.number().int(),
  sportName: z.string(),
  categoryId: z.string(),
  categoryName: z.string(),
  tournamentId: z.string(),
  tournamentName: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  matchDate: z.string(),
  matchstatus: z.string(),
  betstatus: z.enum(['open', 'stopped']),
  live: z.boolean(),
  scoreboard: z.unknown(),
  odds: z.array(OddsGroupSchema),
  marketCount: z.number().int().describe('Markets the match offers; a list carries only the main one in odds'),
});
