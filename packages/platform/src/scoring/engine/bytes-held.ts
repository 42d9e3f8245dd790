import type { GoldDocumentIds, LabelFile, Taxonomy } from "@hierboard/metrics";

// What an engine thread's parsed files hold, estimated from their size (measured with
// `pnpm --filter @hierboard/platform bench:validate` at 325,000 classes and 1,000,000 documents),
// so that its caches are bounded by bytes: a few large files or many small ones, not 8 of any size.
// Each is at least 1 (lru-cache refuses a size of 0).

const MiB = 2 ** 20;

/** A parsed taxonomy: names, id map, child and parent lists, depths and ancestor sets (≈ 96 MiB at 325k nodes). */
export const taxonomyBytes = (taxonomy: Taxonomy): number => Math.max(1, 300 * taxonomy.nodeCount);
/** A parsed gold: per document its id, line, label list and map entry (≈ 170 MiB at 1M documents of 3 labels). */
export const goldBytes = (gold: LabelFile): number => Math.max(1, 180 * gold.documents);
/** A gold's ids alone: per document its id and map entry (≈ 64 MiB at 1M documents). */
export const goldIdsBytes = (gold: GoldDocumentIds): number => Math.max(1, 70 * gold.documents);

/** About three LSHTC-scale taxonomies per thread. */
export const TAXONOMY_CACHE_BYTES = 320 * MiB;
/** About two 1M-document golds per thread, labels included (scoring). */
export const GOLD_CACHE_BYTES = 384 * MiB;
/** About two 1M-document golds' ids per thread (validation): a 50 MB gold (≈ 1.6M documents) still fits. */
export const GOLD_IDS_CACHE_BYTES = 160 * MiB;
