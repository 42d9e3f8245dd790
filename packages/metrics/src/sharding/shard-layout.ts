import type { LabelFile } from "../labels/label-file.ts";
import type { MeasureFamily } from "../scoring/measure-family.ts";
import { ScoreAccumulator } from "../scoring/score-accumulator.ts";
import type { ScoringContext } from "../scoring/scoring-context.ts";

/**
 * The statistics layout shards and their merge share: the scoring context, the families, and
 * which family owns each statistic. Build it once per context (it is cheap, but the context
 * carries the families' precomputed structures) and hand the same one to every shard of a file
 * and to its `ShardMerger`.
 */
export class ShardLayout {
  readonly ctx: ScoringContext;
  readonly families: readonly MeasureFamily[];
  /** Length of the statistics vector; entry 0 counts documents. */
  readonly width: number;
  /** Family index of each statistic; −1 for entry 0 (the document count). */
  readonly familyOf: Int16Array;
  /** Accumulators whose sums are all +0, for `borrowAccumulator`. */
  readonly #idle: ScoreAccumulator[] = [];

  constructor(ctx: ScoringContext, families: readonly MeasureFamily[]) {
    this.ctx = ctx;
    this.families = families;
    const accumulator = this.accumulator();
    this.width = accumulator.width;
    this.familyOf = new Int16Array(this.width).fill(-1);
    families.forEach((family, f) => {
      const from = accumulator.offsets[f]!;
      this.familyOf.fill(f, from, from + family.width(ctx));
    });
    this.#idle.push(accumulator);
  }

  /**
   * An accumulator of this layout with zero sums, kept for reuse: a shard counts into it and
   * hands it back with `returnAccumulator`, so a worker does not allocate a width-long vector
   * (24 MB at 325k classes) per shard. Shards scored at once each get their own.
   */
  borrowAccumulator(): ScoreAccumulator {
    return this.#idle.pop() ?? this.accumulator();
  }

  /** Zeroes a borrowed accumulator's sums and keeps it for the next `borrowAccumulator`. */
  returnAccumulator(accumulator: ScoreAccumulator): void {
    accumulator.sums.fill(0);
    this.#idle.push(accumulator);
  }

  /** A fresh accumulator of this layout: the reducers, and `countInto` for one document. */
  accumulator(): ScoreAccumulator {
    return new ScoreAccumulator(this.ctx, this.families);
  }

  /**
   * Which families a shard keeps per document (1) rather than summed (0): every family of real
   * statistics, plus those named in `perDocument` (families a caller wants each document's
   * statistics of, e.g. to record them for bootstrap intervals).
   */
  perDocumentMask(perDocument: readonly string[] = []): Uint8Array {
    for (const id of perDocument) {
      if (!this.families.some((f) => f.id === id)) throw new Error(`no family ${JSON.stringify(id)} in this shard layout`);
    }
    return Uint8Array.from(this.families, (f) => (f.statistics === "reals" || perDocument.includes(f.id) ? 1 : 0));
  }
}

const goldPositions = new WeakMap<LabelFile, { ids: string[]; indexOf: Map<string, number> }>();

/** Gold document ids in gold order and each id's position, computed once per parsed gold file. */
export function goldOrder(gold: LabelFile): { ids: readonly string[]; indexOf: ReadonlyMap<string, number> } {
  let index = goldPositions.get(gold);
  if (!index) {
    const ids = [...gold.entries.keys()];
    index = { ids, indexOf: new Map(ids.map((id, i) => [id, i])) };
    goldPositions.set(gold, index);
  }
  return index;
}
