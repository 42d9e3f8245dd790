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
 * Counts the next `count` draws: 1 is added at `target[slotOf[d] · lanes + lane]` for each document
 * d drawn. A bootstrap needs each resample's multiplicities only, so the draws are counted as they
 * are made and never listed.
 */
export type DrawCounter = (count: number, slotOf: Int32Array, target: Float64Array, lanes: number, lane: number) => void;

/**
 * The draws `Math.floor(random() * n)` of `random = seededRandom(seed)`, counted (`DrawCounter`):
 * each call counts the next `count` of them, the same numbers in the same order, without a
 * function call per draw (a bootstrap draws n of them per resample).
 *
 * @example
 * const random = seededRandom(1);
 * const next = seededCounts(1, 10);
 * const counts = new Float64Array(10);
 * next(3, Int32Array.from({ length: 10 }, (_, d) => d), counts, 1, 0);
 * // counts[d] is how many of Math.floor(random() * 10), three times, are d
 */
export function seededCounts(seed: number, n: number): DrawCounter {
  // The state lives in a local while a block is drawn: a captured variable written every draw
  // would hold a number above 2^31 on the heap, one allocation a draw. `| 0` keeps the same 32
  // bits as `>>> 0`, and `mix` reads only those.
  let state = seed | 0;
  return (count, slotOf, target, lanes, lane) => {
    for (let from = 0; from < count; from += DRAWS_A_CALL)
      state = countDraws(Math.min(count - from, DRAWS_A_CALL), state, n, slotOf, target, lanes, lane);
  };
}

/** A `DrawCounter` over draws given in order: `draws[0]`, `draws[1]`, … (for callers with draws of their own). */
export function listedCounts(draws: Int32Array): DrawCounter {
  let next = 0;
  return (count, slotOf, target, lanes, lane) => {
    for (const end = next + count; next < end; next++) target[slotOf[draws[next]!]! * lanes + lane]! += 1;
  };
}

/** Draws a call of `countDraws` makes at most: many short calls, so the engine optimises the function whole. */
const DRAWS_A_CALL = 1024;

/**
 * Counts the `count` draws `Math.floor(random() * n)` that follow `state` (see `DrawCounter`);
 * returns the state after the last. A plain function of its arguments: a closure reading `n` from
 * its context draws at half the speed.
 */
function countDraws(
  count: number,
  state: number,
  n: number,
  slotOf: Int32Array,
  target: Float64Array,
  lanes: number,
  lane: number,
): number {
  let k = 0;
  // Four a turn, unrolled by hand: a turn of the loop costs about as much as a draw. The increment
  // is written out: a module-level number that large is read as a boxed double each time once
  // bundled (its binding a `var`).
  for (; k + 4 <= count; k += 4) {
    state = (state + 0x6d2b79f5) | 0;
    const d0 = Math.floor((mix(state) / 4294967296) * n);
    state = (state + 0x6d2b79f5) | 0;
    const d1 = Math.floor((mix(state) / 4294967296) * n);
    state = (state + 0x6d2b79f5) | 0;
    const d2 = Math.floor((mix(state) / 4294967296) * n);
    state = (state + 0x6d2b79f5) | 0;
    const d3 = Math.floor((mix(state) / 4294967296) * n);
    target[slotOf[d0]! * lanes + lane]! += 1;
    target[slotOf[d1]! * lanes + lane]! += 1;
    target[slotOf[d2]! * lanes + lane]! += 1;
    target[slotOf[d3]! * lanes + lane]! += 1;
  }
  for (; k < count; k++) {
    state = (state + 0x6d2b79f5) | 0;
    target[slotOf[Math.floor((mix(state) / 4294967296) * n)]! * lanes + lane]! += 1;
  }
  return state;
}

/**
 * The coin flip `random() < 0.5 ? 0 : 1` of the `index`-th number (from 0)
 * that `seededRandom(seed)` draws, without drawing the others: mulberry32's
 * state after k draws is seed + k · 0x6d2b79f5 (mod 2³²), and a flip is the
 * output's top bit. A randomisation test then flips only the documents where
 * a swap changes something, and still flips them exactly as a draw of every
 * document would.
 *
 * @example
 * const random = seededRandom(1);
 * random(); random();
 * seededCoinFlip(1, 2) === (random() < 0.5 ? 0 : 1); // true
 */
export function seededCoinFlip(seed: number, index: number): number {
  // (index + 1) · INCREMENT mod 2³², exact for any index below 2³² (Math.imul keeps the low bits).
  const state = ((seed >>> 0) + Math.imul((index + 1) >>> 0, INCREMENT)) >>> 0;
  return mix(state) >>> 31;
}

/**
 * The coin flips of draws `index`, `index + stride`, … (`count` of them) of `seededRandom(seed)`,
 * `seededCoinFlip`'s each, into `out[at … at + count − 1]`: one state step of stride · 0x6d2b79f5
 * from each to the next. A randomisation test flips one document in RESAMPLE_BATCH resamples at
 * once, n draws apart.
 *
 * @example
 * const out = new Int32Array(3);
 * seededCoinFlips(1, 4, 10, out, 0, 3); // out[b] === seededCoinFlip(1, 4 + 10 · b)
 */
export function seededCoinFlips(seed: number, index: number, stride: number, out: Int32Array, at: number, count: number): void {
  let state = ((seed >>> 0) + Math.imul((index + 1) >>> 0, INCREMENT)) | 0;
  const step = Math.imul(stride >>> 0, INCREMENT);
  for (let b = 0; b < count; b++) {
    out[at + b] = mix(state) >>> 31;
    state = (state + step) | 0;
  }
}
