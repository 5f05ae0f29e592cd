import { z } from 'zod';

/**
 * Wire shape of the live match tracker's timeline (spec §3 live_show_tracker):
 *
 *   GET /catalog/matches/:matchId/timeline?lang=   MatchTimeline   404 matchNotFound when the site does not offer the match
 *
 * `scoreboard` is the domain's `Scoreboard` (null before the match's first state); `incidents` are
 * the domain's `Incident`s in the order they happened, each a difference between two consecutive
 * scoreboards (`incidentsBetween`), the same function the player site runs on the live updates.
 */
const Count = z.object({ home: z.number().int(), away: z.number().int() });

export const TimelineIncident = z.object({
  kind: z.enum(['goal', 'yellow_card', 'red_card', 'corner', 'game', 'set', 'period_end']),
  side: z.enum(['home', 'away']).nullable().describe('null for a period played out'),
  period: z.number().int().describe('Half, quarter, period or set, from 1'),
  minute: z.number().int().nullable().describe('Minute of play; null where the sport has no clock or it is unknown'),
  score: Count.describe('After it: goal → match score; card, corner → that count; game → games in the set; set → its games; period_end → its score'),
});

export const TimelineScoreboard = z.object({
  status: z.string(),
  score: Count,
  periods: z.array(Count).readonly(),
  minute: z.number().int().nullable(),
  cards: z.object({ yellow: Count, red: Count }),
  corners: Count,
});

export const MatchTimeline = z.object({
  matchId: z.string(),
  sportId: z.number().int(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  scoreboard: TimelineScoreboard.nullable(),
  incidents: z.array(TimelineIncident).readonly(),
});
export type MatchTimeline = z.infer<typeof MatchTimeline>;
export type TimelineIncident = z.infer<typeof TimelineIncident>;
