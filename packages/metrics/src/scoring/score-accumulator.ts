import { familyOptions, type FamilyResult, type MeasureFamily, type StatSink } from "./measure-family.ts";
import type { PreparedDocument } from "./prepared-document.ts";
import type { ScoringContext } from "./scoring-context.ts";

/** Reduced results by family id, plus the document count. */
export type ComputedScores = { documents: number; [family: string]: FamilyResult | number };

/** Seconds each measure family spent counting and reducing, by family id (see `ScoreAccumulator.update`). */
export type FamilySeconds = Record<string, number>;

/** Documents per batch of a timed update: the clock is read twice per family and batch. */
const TIMED_BATCH = 256;

/**
 * Sums the per-document statistics of several measure families into one
 * vector. `update` adds documents, `merge` adds another accumulator (a shard
 * scored elsewhere), `compute` reduces. Entry 0 counts documents.
 */
export class ScoreAccumulator {
  readonly ctx: ScoringContext;
  readonly families: readonly MeasureFamily[];
  readonly offsets: readonly number[];
  /** The length of a sums vector of this layout. */
  readonly width: number;
  #sums: Float64Array | undefined;
  /** Each family's parsed options, in family order (parsed once per context; a bad option throws here). */
  readonly #options: readonly unknown[];

  constructor(ctx: ScoringContext, families: readonly MeasureFamily[], sums?: Float64Array) {
    this.ctx = ctx;
    this.families = families;
    this.#options = families.map((family) => familyOptions(family, ctx));
    const offsets: number[] = [];
    let width = 1;
    for (const family of families) {
      offsets.push(width);
      width += family.width(ctx);
    }
    this.offsets = offsets;

    if (sums && sums.length !== width) throw new Error(`accumulator width mismatch: expected ${width}, got ${sums.length}`);
    this.width = width;
    this.#sums = sums;
  }

  /**
   * The accumulator's own sums (`update`, `merge`, and `compute` by default), made on first use: a
   * recording (`RecordedStatistics`) reduces vectors of its own and never needs them.
   */
  get sums(): Float64Array {
    return (this.#sums ??= new Float64Array(this.width));
  }

  get documents(): number {
    return this.sums[0]!;
  }

  /**
   * Adds documents. With `seconds`, also adds the time each family spent
   * counting them (by family id): documents then go family by family in
   * batches of 256, so the clock is read twice per family and batch, not per
   * document, and the sums are the same (each entry belongs to one family and
   * sees the documents in the same order). A family's time includes the
   * shared document views (closures, path cover) it is the first to derive.
   */
  update(docs: Iterable<PreparedDocument>, seconds?: FamilySeconds): this {
    if (!seconds) {
      for (const doc of docs) this.countInto(doc, this.sums);
      return this;
    }
    let batch: PreparedDocument[] = [];
    for (const doc of docs) {
      batch.push(doc);
      if (batch.length === TIMED_BATCH) {
        this.#countTimed(batch, seconds);
        batch = [];
      }
    }
    if (batch.length > 0) this.#countTimed(batch, seconds);
    return this;
  }

  #countTimed(batch: readonly PreparedDocument[], seconds: FamilySeconds): void {
    const sums = this.sums;
    sums[0]! += batch.length;
    this.families.forEach((family, i) => {
      const offset = this.offsets[i]!;
      const sink: StatSink = { add: (index, value) => (sums[offset + index]! += value) };
      const start = performance.now();
      for (const doc of batch) family.count(doc, this.ctx, sink, this.#options[i]);
      seconds[family.id] = (seconds[family.id] ?? 0) + (performance.now() - start) / 1000;
    });
  }

  #sinkTarget: Float64Array | ((index: number, value: number) => void) | undefined;
  #sinks: StatSink[] = [];

  /**
   * Writes one document's statistics, added to `target` (or recorded by a custom sink). With
   * `seconds`, adds each family's counting time to it (the clock is read twice per family).
   */
  countInto(doc: PreparedDocument, target: Float64Array | ((index: number, value: number) => void), seconds?: FamilySeconds): void {
    // The sinks are made once per target, not per document: closures in the hot loop cost more than the counting.
    if (target !== this.#sinkTarget) {
      this.#sinks = this.offsets.map((offset) =>
        typeof target === "function" ? new OffsetSink(target, offset) : new SumsSink(target, offset),
      );
      this.#sinkTarget = target;
    }
    if (typeof target === "function") target(0, 1);
    else target[0]! += 1;
    const sinks = this.#sinks;
    const options = this.#options;
    if (!seconds) {
      for (let i = 0; i < this.families.length; i++) this.families[i]!.count(doc, this.ctx, sinks[i]!, options[i]);
      return;
    }
    for (let i = 0; i < this.families.length; i++) {
      const family = this.families[i]!;
      const start = performance.now();
      family.count(doc, this.ctx, sinks[i]!, options[i]);
      seconds[family.id] = (seconds[family.id] ?? 0) + (performance.now() - start) / 1000;
    }
  }

  merge(other: ScoreAccumulator): this {
    if (other.sums.length !== this.sums.length) throw new Error("cannot merge accumulators of different measure families");
    for (let i = 0; i < this.sums.length; i++) this.sums[i]! += other.sums[i]!;
    return this;
  }

  /**
   * Reduces any summed vector of this layout (the accumulator's own by
   * default); each family applies the zero-division choice. With `seconds`,
   * adds each family's reduce time to it.
   */
  compute(sums: Float64Array = this.sums, seconds?: FamilySeconds): ComputedScores {
    const result: ComputedScores = { documents: sums[0]! };
    this.families.forEach((family, i) => {
      const start = seconds ? performance.now() : 0;
      result[family.id] = this.reduceFamily(i, sums);
      if (seconds) seconds[family.id] = (seconds[family.id] ?? 0) + (performance.now() - start) / 1000;
    });
    return result;
  }

  /** Family `i`'s result from a summed vector of this layout (what `compute` gives under its id). */
  reduceFamily(i: number, sums: Float64Array): FamilyResult {
    return this.familyReducer(i, sums)();
  }

  /**
   * `reduceFamily(i, sums)` as a function that reads `sums` afresh at each call: for a caller that
   * reduces one vector many times over, changing it in between (a jackknife's leave-one-out sums).
   * With `measuresOnly`, the caller reads registered measures alone (see `MeasureFamily.reduce`).
   */
  familyReducer(i: number, sums: Float64Array, measuresOnly = false): () => FamilyResult {
    const offset = this.offsets[i]!;
    const family = this.families[i]!;
    const view = sums.subarray(offset, offset + family.width(this.ctx));
    const options = this.#options[i];
    return () => family.reduce(view, sums[0]!, this.ctx, options, measuresOnly);
  }
}

/** The length of the sums vector of an accumulator of these families: entry 0, then each family's statistics. */
export function accumulatorWidth(ctx: ScoringContext, families: readonly MeasureFamily[]): number {
  let width = 1;
  for (const family of families) width += family.width(ctx);
  return width;
}

/** A family's sink into a sums array at its offset: one class, so every family's `add` is the same inlinable call. */
class SumsSink implements StatSink {
  readonly #sums: Float64Array;
  readonly #offset: number;

  constructor(sums: Float64Array, offset: number) {
    this.#sums = sums;
    this.#offset = offset;
  }

  add(index: number, value: number): void {
    this.#sums[this.#offset + index]! += value;
  }
}

/** A family's statistics handed on to a function (a recording), shifted to the family's place. */
class OffsetSink implements StatSink {
  readonly #target: (index: number, value: number) => void;
  readonly #offset: number;

  constructor(target: (index: number, value: number) => void, offset: number) {
    this.#target = target;
    this.#offset = offset;
  }

  add(index: number, value: number): void {
    this.#target(this.#offset + index, value);
  }
}
