/**
 * A small seeded PRNG (mulberry32). The demo district must be identical for the same seed on
 * every machine and Node version, so we never use Math.random and keep the algorithm in-tree.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  range(min: number, max: number): number;
  /** Integer in [min, max] (both inclusive). */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Standard normal (Box-Muller), scaled by sd. */
  normal(sd?: number): number;
  /** A new independent stream derived from this one and a label. */
  fork(label: string): Rng;
  shuffle<T>(items: readonly T[]): T[];
}

/** FNV-1a 32-bit: turns a label into a seed component so sub-streams stay stable when code is reordered. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createRng(seed: number): Rng {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng: Rng = {
    next,
    range: (min, max) => min + (max - min) * next(),
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)];
    },
    normal: (sd = 1) => {
      // 1 - next() keeps the log argument in (0, 1].
      const u = 1 - next();
      const v = next();
      return sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    fork: (label) => createRng((seed ^ hashString(label)) + Math.floor(next() * 0x7fffffff)),
    shuffle: (items) => {
      const out = items.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    },
  };
  return rng;
}

/** A stream that depends only on the seed and the label, not on how much else was drawn before. */
export function rngFor(seed: number, label: string): Rng {
  return createRng(Math.imul(seed >>> 0, 0x9e3779b1) ^ hashString(label));
}
