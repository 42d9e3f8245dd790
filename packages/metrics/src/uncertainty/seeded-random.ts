const INCREMENT = 0x6d2b79f5;

/** mulberry32's output for a state: 32 uniform bits. */
function mix(state: number): number {
  let t = Math.imul(state ^ (state >>> 15), state | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return (t ^ (t >>> 14)) >>> 0;
}

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
    state = (state + INCREMENT) >>> 0;
    return mix(state) / 4294967296;
  };
}

/**
 * The coin flips `random() < 0.5 ? 0 : 1` of `seededRandom(seed)`, filled in
 * bulk: the same sequence (a flip is the output's top bit), without a call
 * per flip. Each call continues where the last one stopped.
 *
 * @example
 * const flip = seededCoinFlips(1);
 * const coins = new Uint8Array(3);
 * flip(coins); // coins[i] === (seededRandom(1)'s i-th number < 0.5 ? 0 : 1)
 */
export function seededCoinFlips(seed: number): (target: Uint8Array) => void {
  let state = seed >>> 0;
  return (target) => {
    for (let i = 0; i < target.length; i++) {
      state = (state + INCREMENT) >>> 0;
      target[i] = mix(state) >>> 31;
    }
  };
}
