/**
 * A market margin is kept in basis points (450 = 4,5 %) and typed as a percentage with up to two
 * decimals, comma or dot: exact integers both ways, no floating point.
 */
export function parseBp(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Basis points as the percentage typed back ("4,5" for 450). */
export function bpInput(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const cents = bp % 100;
  return cents === 0 ? String(whole) : `${whole},${String(cents).padStart(2, '0').replace(/0$/, '')}`;
}

/** Seconds typed with up to three decimals ("5", "7,5") as milliseconds; null when not a number. */
export function parseSeconds(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{1,3}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
}

/** Milliseconds as seconds typed back ("7,5" for 7500). */
export function secondsInput(ms: number): string {
  const whole = Math.trunc(ms / 1000);
  const rest = ms % 1000;
  return rest === 0 ? String(whole) : `${whole},${String(rest).padStart(3, '0').replace(/0+$/, '')}`;
}
