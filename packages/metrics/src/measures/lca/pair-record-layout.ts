import { PAIR_RECORD_WIDTH, type PairRecord } from "../../scoring/label-set-memo.ts";

/**
 * Where a pair of label sets keeps its memoised LCA counts, GIE and MGIA network in its
 * `PairRecord`: each block behind the option it was computed under (the LCA graph's code, the
 * default-class cost D), which is NaN until then. A record holds one option of each: scoring under
 * another computes again and overwrites.
 */
export const PAIR_RECORD = {
  lcaGraph: 0,
  lcaTp: 1,
  lcaPredicted: 2,
  lcaGold: 3,
  gieCost: 4,
  gie: 5,
  gieUnion: 6,
  mgiaCost: 7,
  mgiaError: 8,
  mgiaUnion: 9,
  mgiaSymmetricDifference: 10,
} as const;

if (Object.keys(PAIR_RECORD).length > PAIR_RECORD_WIDTH) throw new Error("PAIR_RECORD_WIDTH is too small for the pair record's layout");

/**
 * The record with its block behind `optionSlot` computed under `option`: `fill` writes the block's
 * values unless the record already holds them for that option.
 */
export function filledUnder(
  record: PairRecord,
  optionSlot: number,
  option: number,
  fill: (write: (slot: number, value: number) => void) => void,
): PairRecord {
  const { pool, at } = record;
  if (pool[at + optionSlot] === option) return record;
  fill((slot, value) => {
    pool[at + slot] = value;
  });
  pool[at + optionSlot] = option;
  return record;
}
