import { InputError } from "../errors/input-error.ts";
import { checkPredictionIds } from "../labels/check-prediction-ids.ts";
import { prepareDocuments, scoringContext, type EvaluateInput } from "../scoring/evaluate.ts";
import type { PreparedDocument } from "../scoring/prepared-document.ts";
import { selectFamilies } from "../scoring/measure-families.ts";
import { ScoreAccumulator } from "../scoring/score-accumulator.ts";

/**
 * Every document's sparse statistics, recorded once through
 * `ScoreAccumulator.countInto` and kept in compressed rows (document d owns
 * entries `starts[d] … starts[d+1]−1`). Any weighted sum of documents, such
 * as a bootstrap resample, is then a few additions away and reduces with
 * `accumulator.compute(sums)`, without counting a document twice.
 */
export class RecordedStatistics {
  /** The layout and reducers; its own sums are not used. */
  readonly accumulator: ScoreAccumulator;
  /** Document ids in recording (gold) order, so two submissions can be paired. */
  readonly ids: readonly string[];
  readonly starts: Int32Array;
  readonly indices: Int32Array;
  readonly values: Float64Array;

  constructor(accumulator: ScoreAccumulator, ids: readonly string[], starts: Int32Array, indices: Int32Array, values: Float64Array) {
    this.accumulator = accumulator;
    this.ids = ids;
    this.starts = starts;
    this.indices = indices;
    this.values = values;
  }

  get documents(): number {
    return this.ids.length;
  }

  get width(): number {
    return this.accumulator.sums.length;
  }

  /** Adds `weight` times document `d`'s statistics to `target`. */
  addDocument(d: number, target: Float64Array, weight = 1): void {
    const end = this.starts[d + 1]!;
    for (let e = this.starts[d]!; e < end; e++) target[this.indices[e]!]! += weight * this.values[e]!;
  }

  #byIndex: { pattern: Int32Array; patternWeights: Float64Array; used: Int32Array; starts: Int32Array; members: Int32Array; values: Float64Array } | undefined;

  /**
   * Writes Σ_d weights[d] · s_d into `target`. Documents with identical
   * statistics (the same gold and predicted labels, frequent in practice)
   * are merged into one pattern whose weight is the sum of theirs, and the
   * patterns' entries are walked grouped by statistic, so writes are
   * sequential. Only statistics some document touches are written: the
   * others must already be 0 in `target` (reuse one vector).
   */
  weightedSum(weights: ArrayLike<number>, target: Float64Array): void {
    const { pattern, patternWeights, used, starts, members, values } = (this.#byIndex ??= this.#transpose());
    patternWeights.fill(0);
    for (let d = 0; d < pattern.length; d++) patternWeights[pattern[d]!]! += weights[d]!;
    for (let u = 0; u < used.length; u++) {
      let sum = 0;
      const end = starts[u + 1]!;
      for (let e = starts[u]!; e < end; e++) sum += patternWeights[members[e]!]! * values[e]!;
      target[used[u]!] = sum;
    }
  }

  #transpose() {
    const pattern = new Int32Array(this.documents);
    const patternOf = new Map<string, number>();
    const representatives: number[] = [];
    for (let d = 0; d < this.documents; d++) {
      const from = this.starts[d]!;
      const to = this.starts[d + 1]!;
      const key = `${this.indices.subarray(from, to).join(",")}|${this.values.subarray(from, to).join(",")}`;
      let p = patternOf.get(key);
      if (p === undefined) {
        patternOf.set(key, (p = representatives.length));
        representatives.push(d);
      }
      pattern[d] = p;
    }
    const counts = new Int32Array(this.width);
    for (const d of representatives) for (let e = this.starts[d]!; e < this.starts[d + 1]!; e++) counts[this.indices[e]!]! += 1;
    const used: number[] = [];
    const slotOf = new Int32Array(this.width);
    const starts = [0];
    for (let index = 0; index < this.width; index++) {
      if (counts[index] === 0) continue;
      slotOf[index] = starts[starts.length - 1]!;
      used.push(index);
      starts.push(slotOf[index]! + counts[index]!);
    }
    const entries = starts[starts.length - 1]!;
    const members = new Int32Array(entries);
    const values = new Float64Array(entries);
    representatives.forEach((d, p) => {
      for (let e = this.starts[d]!; e < this.starts[d + 1]!; e++) {
        const slot = slotOf[this.indices[e]!]!++;
        members[slot] = p;
        values[slot] = this.values[e]!;
      }
    });
    return { pattern, patternWeights: new Float64Array(representatives.length), used: Int32Array.from(used), starts: Int32Array.from(starts), members, values };
  }

  /** The sum over all documents: what `update` would have accumulated. */
  total(): Float64Array {
    const sums = new Float64Array(this.width);
    for (let d = 0; d < this.documents; d++) this.addDocument(d, sums);
    return sums;
  }

  /** The same documents with only one family's statistics (and the document count), for tests on one measure. */
  restrict(familyId: string): RecordedStatistics {
    const { families, offsets, ctx } = this.accumulator;
    const i = families.findIndex((f) => f.id === familyId);
    if (i < 0) throw new InputError("BAD_OPTION", `expected a measure of a computed family (${families.map((f) => f.id).join(", ")}), got family ${JSON.stringify(familyId)}`);
    const family = families[i]!;
    const from = offsets[i]!;
    const to = from + family.width(ctx);
    const starts = new Int32Array(this.documents + 1);
    const indices: number[] = [];
    const values: number[] = [];
    for (let d = 0; d < this.documents; d++) {
      for (let e = this.starts[d]!; e < this.starts[d + 1]!; e++) {
        const index = this.indices[e]!;
        if (index === 0) indices.push(0);
        else if (index >= from && index < to) indices.push(index - from + 1);
        else continue;
        values.push(this.values[e]!);
      }
      starts[d + 1] = indices.length;
    }
    return new RecordedStatistics(new ScoreAccumulator(ctx, [family]), this.ids, starts, Int32Array.from(indices), Float64Array.from(values));
  }
}

/**
 * Records each document's statistics under the accumulator's layout.
 *
 * @example
 * const recorded = recordStatistics(new ScoreAccumulator(ctx, families), prepareDocuments(ctx, gold, pred));
 * recorded.accumulator.compute(recorded.total()); // the same result as update + compute
 */
export function recordStatistics(accumulator: ScoreAccumulator, docs: Iterable<PreparedDocument>): RecordedStatistics {
  const ids: string[] = [];
  const starts: number[] = [0];
  let indices = new Int32Array(1024);
  let values = new Float64Array(1024);
  let used = 0;
  const push = (index: number, value: number) => {
    if (value === 0) return;
    if (used === indices.length) {
      const grownIndices = new Int32Array(used * 2);
      grownIndices.set(indices);
      indices = grownIndices;
      const grownValues = new Float64Array(used * 2);
      grownValues.set(values);
      values = grownValues;
    }
    indices[used] = index;
    values[used] = value;
    used += 1;
  };
  for (const doc of docs) {
    ids.push(doc.id);
    accumulator.countInto(doc, push);
    starts.push(used);
  }
  return new RecordedStatistics(accumulator, ids, Int32Array.from(starts), indices.slice(0, used), values.slice(0, used));
}

/**
 * Records one submission the way `evaluate` scores it (same options, same
 * families, documents in gold order); `accumulator.compute(total())` equals
 * `evaluate(input)` without its warnings.
 *
 * @example
 * const recorded = recordEvaluation({ taxonomy, gold, pred, metrics: "all" });
 * bootstrapIntervals(recorded, { resamples: 1000, seed: 1 });
 */
export function recordEvaluation(input: EvaluateInput): RecordedStatistics {
  const ctx = scoringContext(input.taxonomy, input);
  checkPredictionIds(input.gold, input.pred, { missingDocuments: input.missingDocuments });
  return recordStatistics(new ScoreAccumulator(ctx, selectFamilies(input.metrics)), prepareDocuments(ctx, input.gold, input.pred));
}
