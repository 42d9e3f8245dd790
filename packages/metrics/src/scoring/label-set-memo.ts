import type { Taxonomy } from "../taxonomy/taxonomy.ts";

/** Entries a table keeps before it is emptied, so memory stays bounded on huge label spaces. */
const TABLE_LIMIT = 100_000;
const tables = new WeakMap<Taxonomy, Map<string, Map<string, unknown>>>();

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
 *
 * @example
 * memoised(taxonomy, "lca:hemkit", `${labelSetKey(gold)}|${labelSetKey(predicted)}`, () => lcaCountsOf(...));
 */
export function memoised<T>(taxonomy: Taxonomy, table: string, key: string, compute: () => T): T {
  let byTable = tables.get(taxonomy);
  if (!byTable) tables.set(taxonomy, (byTable = new Map()));
  let entries = byTable.get(table);
  if (!entries) byTable.set(table, (entries = new Map()));
  const cached = entries.get(key);
  if (cached !== undefined) return cached as T;
  const value = compute();
  if (entries.size >= TABLE_LIMIT) entries.clear();
  entries.set(key, value);
  return value;
}
