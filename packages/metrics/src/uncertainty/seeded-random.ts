/**
 * mulberry32: a 32-bit seeded generator of uniform numbers in [0, 1), small
 * and fast, so that every resampling in the engine is reproducible from its
 * seed on every platform (Math.random cannot be seeded).
 *
 * Source: Tommy Ettinger's "Mulberry32" generator (public domain).
 *
 * @example
 * const random = seededRandom(1);
 * random(); // 0.6270739405881613, and the same on every run
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
