import { sql } from 'kysely';

/** One page of a list and how many rows match in all. */
export interface Page<T> {
  readonly rows: T[];
  readonly total: number;
}

/**
 * A page and its total come from one statement (`count(*) over ()`), so they see one snapshot: two
 * statements on the pool could see a row the projection wrote between them in the total and not in
 * the page. Only a page past the end, which has no rows to carry the total, asks for it apart.
 */
export const TOTAL = sql<string>`count(*) over ()`.as('total_count');
export const COUNT = sql<string>`count(*)`.as('n');
export async function totalOf(rows: readonly { total_count: string }[], offset: number, count: () => Promise<{ n: string }>): Promise<number> {
  const [first] = rows;
  if (first) return Number(first.total_count);
  return offset === 0 ? 0 : Number((await count()).n);
}

/** `text` taken literally inside a LIKE pattern (PostgreSQL's default escape, the backslash). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
