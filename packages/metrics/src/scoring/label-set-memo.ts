import type { Taxonomy } from "../taxonomy/taxonomy.ts";
import { CACHE_ENTRY_LIMIT } from "../taxonomy/cache-limit.ts";

/** Lookups after which a table that almost never hits stops storing. */
const PROBE_LOOKUPS = 10_000;
const MIN_HIT_RATE = 0.02;

interface MemoTable {
  readonly entries: Map<string, unknown>;
  lookups: number;
  hits: number;
  /** Set when, after PROBE_LOOKUPS lookups, fewer than MIN_HIT_RATE of them hit. */
  bypassed: boolean;
}

const tables = new WeakMap<Taxonomy, Map<string, MemoTable>>();

/**
 * A label set's key: its distinct ids ascending, comma-joined, so that order
 * and repeats do not matter.
 *
 * @example
 * labelSetKey([7, 3, 7]); // "3,7"
 * labelSetKey([]); // ""
 */
export function labelSetKey(labels: readonly number[]): string {
  if (labels.length === 1) return String(labels[0]);
  const sorted = Int32Array.from(labels).sort();
  let key = "";
  for (let i = 0; i < sorted.length; i++) {
    if (i > 0 && sorted[i] === sorted[i - 1]) continue;
    key += i === 0 ? String(sorted[i]) : `,${sorted[i]}`;
  }
  return key;
}

/**
 * `compute()` once per taxonomy, table and key: the LCA graphs and MGIA costs
 * of a document depend only on its two label sets, which repeat across the
 * documents and submissions of a task (GermEval subtask b: 79k documents, 17.6k
 * distinct pairs of sets). The cached value is shared: callers must not change it.
 * A table whose first 10,000 lookups hit less than 2% of the time stops
 * storing (a huge task where every pair is new), and a table is emptied when
 * it holds CACHE_ENTRY_LIMIT entries; the values are the same.
 *
 * @example
 * memoised(taxonomy, "lca:hemkit", `${labelSetKey(gold)}|${labelSetKey(predicted)}`, () => lcaCountsOf(...));
 */
export function memoised<T>(taxonomy: Taxonomy, table: string, key: string, compute: () => T): T {
  let byTable = tables.get(taxonomy);
  if (!byTable) tables.set(taxonomy, (byTable = new Map()));
  let memo = byTable.get(table);
  if (!memo) byTable.set(table, (memo = { entries: new Map(), lookups: 0, hits: 0, bypassed: false }));
  // On an LSHTC-size task nearly every pair of sets is new: storing them would only feed the garbage collector.
  if (memo.bypassed) return compute();
  memo.lookups += 1;
  const cached = memo.entries.get(key);
  if (cached !== undefined) {
    memo.hits += 1;
    return cached as T;
  }
  const value = compute();
  if (memo.lookups === PROBE_LOOKUPS && memo.hits < MIN_HIT_RATE * PROBE_LOOKUPS) {
    memo.bypassed = true;
    memo.entries.clear();
    return value;
  }
  if (memo.entries.size >= CACHE_ENTRY_LIMIT) memo.entries.clear();
  memo.entries.set(key, value);
  return value;
}
