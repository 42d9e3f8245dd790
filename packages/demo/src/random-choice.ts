/** Small helpers over a seeded uniform generator in [0, 1), so every choice is reproducible. */
export type Random = () => number;

/** An integer in [low, high], both ends included. */
export function randomInt(random: Random, low: number, high: number): number {
  return low + Math.floor(random() * (high - low + 1));
}

/** One element of a non-empty list, uniformly. */
export function pickOne<T>(random: Random, items: readonly T[]): T {
  if (items.length === 0) throw new Error("pickOne: expected a non-empty list, got none");
  return items[Math.floor(random() * items.length)]!;
}

/** One element of a non-empty list, with probability proportional to its weight. */
export function pickWeighted<T>(random: Random, items: readonly T[], weights: readonly number[]): T {
  const total = weights.reduce((sum, w) => sum + w, 0);
  let target = random() * total;
  for (let i = 0; i < items.length; i++) {
    target -= weights[i]!;
    if (target < 0) return items[i]!;
  }
  return items[items.length - 1]!;
}

/**
 * An independent stream for a named purpose, derived from the demo seed, so
 * that changing one team's behaviour does not reshuffle the others' choices.
 */
export function streamSeed(seed: number, purpose: string): number {
  // FNV-1a over the purpose, mixed with the seed.
  let hash = 0x811c9dc5 ^ (seed >>> 0);
  for (let i = 0; i < purpose.length; i++) {
    hash ^= purpose.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
