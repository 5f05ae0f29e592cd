import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';

/** A seeded random source: the simulator's only one, so a seed replays the same feed. */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  int(minInclusive: number, maxInclusive: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  /** Poisson-distributed count with mean `mean` (Knuth; means here are small). */
  poisson(mean: number): number;
}

/** FNV-1a over the text: seeds an independent stream per match, so one match never shifts another. */
export function hashSeed(...parts: readonly (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('|')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash | 0;
}

export function rngOf(seed: number): Rng {
  const generator = xoroshiro128plus(seed);
  const next = () => uniformFloat64(generator);
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    chance: (p) => next() < p,
    poisson(mean) {
      const limit = Math.exp(-mean);
      let k = 0;
      let product = next();
      while (product > limit) {
        k++;
        product *= next();
      }
      return k;
    },
  };
}
