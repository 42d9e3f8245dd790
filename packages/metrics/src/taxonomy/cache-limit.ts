/**
 * Entries a per-taxonomy cache that documents fill (a node's upward paths or distance table, a
 * label set's memoised value) keeps before it is emptied and filled again. A cached value is
 * recomputed the same from the taxonomy, so emptying changes no bit; the limit bounds a scoring
 * worker's memory whatever the number of documents. At 325k classes the unbounded caches grew by
 * ≈ 6 KB per scored document until most of the taxonomy was cached (docs/performance.md, "Worker
 * memory and LSHTC CPU"); a GermEval-size taxonomy never reaches the limit.
 */
export const CACHE_ENTRY_LIMIT = 20_000;
