import { InputError } from "../errors/input-error.ts";
import { checkPredictionIds } from "../labels/check-prediction-ids.ts";
import { prepareDocuments, scoringContext, type EvaluateInput } from "../scoring/evaluate.ts";
import type { PreparedDocument } from "../scoring/prepared-document.ts";
import { selectFamilies } from "../scoring/measure-families.ts";
import { ScoreAccumulator } from "../scoring/score-accumulator.ts";

/** Documents merged by identical statistics within one range of the layout, entries grouped by statistic. */
interface PatternGroup {
  /** Document → its pattern. */
  readonly pattern: Int32Array;
  readonly patternWeights: Float64Array;
  /** The statistics some pattern touches, ascending; pattern entries of `used[u]` are `starts[u] … starts[u+1]−1`. */
  readonly used: Int32Array;
  readonly starts: Int32Array;
  readonly members: Int32Array;
  readonly values: Float64Array;
}

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

  #groups: PatternGroup[] | undefined;

  /**
   * Writes Σ_d weights[d] · s_d into `target`. Within each family (and the
   * document count), documents with identical statistics are merged into one
   * pattern whose weight is the sum of theirs: in practice a family sees far
   * fewer distinct patterns than documents (HC counts, say, repeat across
   * thousands of documents). Each pattern's entries are then walked grouped
   * by statistic, so writes are sequential. Only statistics some document
   * touches are written: the others must already be 0 in `target` (reuse
   * one vector).
   */
  weightedSum(weights: ArrayLike<number>, target: Float64Array): void {
    for (const { pattern, patternWeights, used, starts, members, values } of (this.#groups ??= this.#patternGroups())) {
      patternWeights.fill(0);
      for (let d = 0; d < pattern.length; d++) patternWeights[pattern[d]!]! += weights[d]!;
      for (let u = 0; u < used.length; u++) {
        let sum = 0;
        const end = starts[u + 1]!;
        for (let e = starts[u]!; e < end; e++) sum += patternWeights[members[e]!]! * values[e]!;
        target[used[u]!] = sum;
      }
    }
  }

  /** One pattern group per family, plus one for the document count. */
  #patternGroups(): PatternGroup[] {
    const { families, offsets, ctx } = this.accumulator;
    const bounds = [0, ...offsets, offsets.length > 0 ? offsets[offsets.length - 1]! + families[families.length - 1]!.width(ctx) : 1];
    const groups: PatternGroup[] = [];
    for (let g = 0; g + 1 < bounds.length; g++) groups.push(this.#patternGroup(bounds[g]!, bounds[g + 1]!));
    return groups;
  }

  #patternGroup(from: number, to: number): PatternGroup {
    const inGroup = (e: number) => this.indices[e]! >= from && this.indices[e]! < to;
    const pattern = new Int32Array(this.documents);
    const patternOf = new Map<string, number>();
    const representatives: number[] = [];
    for (let d = 0; d < this.documents; d++) {
      let key = "";
      for (let e = this.starts[d]!; e < this.starts[d + 1]!; e++) if (inGroup(e)) key += `${this.indices[e]}:${this.values[e]},`;
      let p = patternOf.get(key);
      if (p === undefined) {
        patternOf.set(key, (p = representatives.length));
        representatives.push(d);
      }
      pattern[d] = p;
    }
    const counts = new Map<number, number>();
    for (const d of representatives)
      for (let e = this.starts[d]!; e < this.starts[d + 1]!; e++)
        if (inGroup(e)) counts.set(this.indices[e]!, (counts.get(this.indices[e]!) ?? 0) + 1);
    const used = Int32Array.from([...counts.keys()].sort((a, b) => a - b));
    const starts = new Int32Array(used.length + 1);
    const slotOf = new Map<number, number>();
    used.forEach((index, u) => {
      starts[u + 1] = starts[u]! + counts.get(index)!;
      slotOf.set(index, starts[u]!);
    });
    const members = new Int32Array(starts[used.length]!);
    const values = new Float64Array(starts[used.length]!);
    representatives.forEach((d, p) => {
      for (let e = this.starts[d]!; e < this.starts[d + 1]!; e++) {
        if (!inGroup(e)) continue;
        const slot = slotOf.get(this.indices[e]!)!;
        slotOf.set(this.indices[e]!, slot + 1);
        members[slot] = p;
        values[slot] = this.values[e]!;
      }
    });
    return { pattern, patternWeights: new Float64Array(representatives.length), used, starts, members, values };
  }

  /** The sum over all documents: what `update` would have accumulated. */
  total(): Float64Array {
    const sums = new Float64Array(this.width);
    for (let d = 0; d < this.documents; d++) this.addDocument(d, sums);
    return sums;
  }

  /**
   * The same documents with only some families' statistics (and the document
   * count): a test or an interval on a few measures then reduces only their
   * families.
   */
  restrict(familyIds: string | readonly string[]): RecordedStatistics {
    const { families, offsets, ctx } = this.accumulator;
    const wanted = typeof familyIds === "string" ? [familyIds] : familyIds;
    for (const id of wanted) {
      if (!families.some((f) => f.id === id))
        throw new InputError(
          "BAD_OPTION",
          `expected a measure of a computed family (${families.map((f) => f.id).join(", ")}), got family ${JSON.stringify(id)}`,
        );
    }
    const kept = families
      .map((f, i) => ({ family: f, from: offsets[i]!, to: offsets[i]! + f.width(ctx) }))
      .filter(({ family }) => wanted.includes(family.id));
    // new offset of each kept family: 1 + the widths of the kept families before it
    const shift: number[] = [];
    let next = 1;
    for (const k of kept) {
      shift.push(next - k.from);
      next += k.to - k.from;
    }
    const starts = new Int32Array(this.documents + 1);
    const indices: number[] = [];
    const values: number[] = [];
    for (let d = 0; d < this.documents; d++) {
      for (let e = this.starts[d]!; e < this.starts[d + 1]!; e++) {
        const index = this.indices[e]!;
        if (index === 0) indices.push(0);
        else {
          const k = kept.findIndex(({ from, to }) => index >= from && index < to);
          if (k < 0) continue;
          indices.push(index + shift[k]!);
        }
        values.push(this.values[e]!);
      }
      starts[d + 1] = indices.length;
    }
    const accumulator = new ScoreAccumulator(
      ctx,
      kept.map((k) => k.family),
    );
    return new RecordedStatistics(accumulator, this.ids, starts, Int32Array.from(indices), Float64Array.from(values));
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
  const recorder = new StatisticsRecorder(accumulator);
  for (const doc of docs) recorder.add(doc);
  return recorder.finish();
}

/**
 * `recordStatistics` that hands the event loop back every `batch` documents,
 * so a worker scoring a large shard keeps renewing its job lock and hears
 * SIGTERM. The result is identical.
 */
export async function recordStatisticsYielding(
  accumulator: ScoreAccumulator,
  docs: Iterable<PreparedDocument>,
  batch = 2000,
): Promise<RecordedStatistics> {
  const recorder = new StatisticsRecorder(accumulator);
  let count = 0;
  for (const doc of docs) {
    recorder.add(doc);
    if (++count % batch === 0) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  return recorder.finish();
}

/** Appends each document's sparse statistics to growing typed arrays. */
class StatisticsRecorder {
  readonly #accumulator: ScoreAccumulator;
  readonly #ids: string[] = [];
  readonly #starts: number[] = [0];
  #indices = new Int32Array(1024);
  #values = new Float64Array(1024);
  #used = 0;
  readonly #push = (index: number, value: number): void => {
    if (value === 0) return;
    if (this.#used === this.#indices.length) {
      const grownIndices = new Int32Array(this.#used * 2);
      grownIndices.set(this.#indices);
      this.#indices = grownIndices;
      const grownValues = new Float64Array(this.#used * 2);
      grownValues.set(this.#values);
      this.#values = grownValues;
    }
    this.#indices[this.#used] = index;
    this.#values[this.#used] = value;
    this.#used += 1;
  };

  constructor(accumulator: ScoreAccumulator) {
    this.#accumulator = accumulator;
  }

  add(doc: PreparedDocument): void {
    this.#ids.push(doc.id);
    this.#accumulator.countInto(doc, this.#push);
    this.#starts.push(this.#used);
  }

  finish(): RecordedStatistics {
    const used = this.#used;
    return new RecordedStatistics(
      this.#accumulator,
      this.#ids,
      Int32Array.from(this.#starts),
      this.#indices.slice(0, used),
      this.#values.slice(0, used),
    );
  }
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
