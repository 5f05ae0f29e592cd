import { kyselyOver, type SqlPool } from '@kupon/eventstore';

/** Sports scored in sets (tennis, volleyball): the score counts sets won, as the results page does. */
const SET_SPORTS = new Set([5, 23]);

interface Count {
  readonly home: number;
  readonly away: number;
}

function count(value: unknown): Count | null {
  if (!value || typeof value !== 'object') return null;
  const { home, away } = value as { home?: unknown; away?: unknown };
  return typeof home === 'number' && typeof away === 'number' ? { home, away } : null;
}

/**
 * A match result as a coupon line shows it (spec §3 line `Results`): the score, then the periods, then
 * a shoot-out, e.g. `2:1 (1:0, 1:1)`, `1:1 (1:1, 0:0) [5:4]`, `2:1 (6:4, 3:6, 7:5)` (the same text as
 * the results page). Digits and colons only: the same in every language. '' when nothing is scored yet.
 */
export function resultText(sportId: number, result: unknown): string {
  if (!result || typeof result !== 'object') return '';
  const { periods, overtime, penalties } = result as { periods?: unknown; overtime?: unknown; penalties?: unknown };
  const scores = (Array.isArray(periods) ? periods : []).map(count).filter((p): p is Count => p !== null);
  if (scores.length === 0) return '';
  const sets = SET_SPORTS.has(sportId);
  let home = 0;
  let away = 0;
  for (const p of scores) {
    if (sets) {
      if (p.home > p.away) home += 1;
      else if (p.away > p.home) away += 1;
    } else {
      home += p.home;
      away += p.away;
    }
  }
  const extra = count(overtime);
  if (extra && !sets) {
    home += extra.home;
    away += extra.away;
  }
  const pens = count(penalties);
  return `${home}:${away} (${scores.map((p) => `${p.home}:${p.away}`).join(', ')})${pens ? ` [${pens.home}:${pens.away}]` : ''}`;
}

/** The recorded result of each of `matchIds` that has one, as line text (the catalog read model's `result`). */
export function lineResultsOver(pool: SqlPool): (matchIds: readonly string[]) => Promise<Map<string, string>> {
  const db = kyselyOver(pool);
  return async (matchIds) => {
    if (matchIds.length === 0) return new Map();
    const rows: { match_id: string; sport_id: number; result: unknown }[] = await db
      .selectFrom('catalog_matches')
      .select(['match_id', 'sport_id', 'result'])
      .where('match_id', 'in', [...new Set(matchIds)])
      .where('result', 'is not', null)
      .execute();
    const texts = new Map<string, string>();
    for (const row of rows) {
      const text = resultText(row.sport_id, typeof row.result === 'string' ? JSON.parse(row.result) : row.result);
      if (text !== '') texts.set(row.match_id, text);
    }
    return texts;
  };
}
