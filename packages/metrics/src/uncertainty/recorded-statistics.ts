import { InputError } from "../errors/input-error.ts";
import { checkPredictionIds } from "../labels/check-prediction-ids.ts";
import { prepareDocuments } from "../scoring/prepared-document.ts";
import { scoringContext } from "../scoring/scoring-context.ts";
import type { EvaluateInput } from "../engine/evaluate.ts";
import type { PreparedDocument } from "../scoring/prepared-document.ts";
import { selectFamilies } from "../engine/measure-families.ts";
import { ScoreAccumulator, type FamilySeconds } from "../scoring/score-accumulator.ts";
import { addPatternGroup, patternGroups, type PatternGroup } from "./pattern-groups.ts";
import { BatchedSums } from "./batched-sums.ts";
import type { DrawCounter } from "./seeded-random.ts";

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
    return this.accumulator.width;
  }

  /** Adds `weight` times document `d`'s statistics to `target`. */
  addDocument(d: number, target: Float64Array, weight = 1): void {
    const end = this.starts[d + 1]!;
    for (let e = this.starts[d]!; e < end; e++) target[this.indices[e]!]! += weight * this.values[e]!;
  }

  #groups: PatternGroup[] | undefined;
  #active: Int32Array | undefined;

  /**
   * Writes Σ_d weights[d] · s_d into `target`. Within each family (and the
   * document count), documents with identical statistics are merged into one
   * pattern whose weight is the sum of theirs: in practice a family sees far
   * fewer distinct patterns than documents (HC counts, say, repeat across
   * thousands of documents). Patterns of weight 0 (a third of the documents
   * of a bootstrap resample) are skipped; see `addPatternGroup` for why the
   * sums stay the same bit for bit. Only statistics some document touches
   * are written: the others must already be 0 in `target` (reuse one vector).
   */
  weightedSum(weights: ArrayLike<number>, target: Float64Array): void {
    this.#groups ??= patternGroups(this, this.#groupBounds());
    const active = (this.#active ??= new Int32Array(this.documents));
    let activeCount = 0;
    for (let d = 0; d < this.documents; d++) if (weights[d] !== 0) active[activeCount++] = d;
    for (const group of this.#groups) addPatternGroup(group, weights, active, activeCount, target);
  }

  /**
   * Document → its pattern in family `f`'s statistics (`accumulator.families[f]`): documents of
   * one pattern have the same entries there, in the same order, so every sum they enter the same way.
   */
  familyPatterns(f: number): Int32Array {
    this.#groups ??= patternGroups(this, this.#groupBounds());
    return this.#groups[f + 1]!.pattern;
  }

  /** The batched sums of the last selection of families summed, and that selection. */
  #batched: { readonly families: string; readonly sums: BatchedSums } | undefined;

  /**
   * `weightedSum` for `RESAMPLE_BATCH` resamples at once, given by their draws: resample b, for
   * b < `count`, is the next n draws that `draws` counts (see `BatchedSums.sumDrawsEach`). Each
   * resample's sums in turn are written into `vector`, bit for bit what `weightedSum` writes with
   * the draws' multiplicities as weights, then `visit(b)` reads them. With `families` (indices
   * into `accumulator.families`, ascending), only those families' statistics and the document
   * count are written: the others stay as they are in `vector`, so that a bootstrap of a few
   * families' measures neither sums the rest nor copies the recording to leave them out.
   */
  drawnSums(draws: DrawCounter, count: number, vector: Float64Array, visit: (b: number) => void, families?: readonly number[]): void {
    this.#batchedSums(families).sumDrawsEach(draws, count, vector, visit);
  }

  #batchedSums(families: readonly number[] | undefined): BatchedSums {
    const groups = (this.#groups ??= patternGroups(this, this.#groupBounds()));
    const key = families?.join(",") ?? "all";
    if (this.#batched?.families !== key) {
      const selected = families ? [groups[0]!, ...families.map((f) => groups[f + 1]!)] : groups;
      this.#batched = { families: key, sums: new BatchedSums(selected, this.width) };
    }
    return this.#batched.sums;
  }

  /** One range per family, plus one for the document count. */
  #groupBounds(): number[] {
    const { families, offsets, ctx } = this.accumulator;
    return [0, ...offsets, offsets.length > 0 ? offsets[offsets.length - 1]! + families[families.length - 1]!.width(ctx) : 1];
  }

  #touched: Int32Array | undefined;

  /** The statistics some document has a non-zero entry for, ascending: every weighted sum is 0 elsewhere. */
  touched(): Int32Array {
    if (this.#touched) return this.#touched;
    const seen = new Uint8Array(this.width);
    const indices = this.indices;
    for (let e = 0; e < indices.length; e++) seen[indices[e]!] = 1;
    let count = 0;
    for (let index = 0; index < seen.length; index++) count += seen[index]!;
    const touched = new Int32Array(count);
    for (let index = 0, k = 0; k < count; index++) if (seen[index] === 1) touched[k++] = index;
    this.#touched = touched;
    return touched;
  }

  #total: Float64Array | undefined;

  /** The sum over all documents: what `update` would have accumulated. A fresh copy each call (summed once). */
  total(): Float64Array {
    return this.sharedTotal().slice();
  }

  /**
   * `total()` without the copy, for a caller that only reads it (a reduce, the full sample of a
   * resample): the same vector every call, which must never be written. A bootstrap asks for the
   * total four times; each copy is a vector of the layout's width (1.1 MB on GermEval).
   */
  sharedTotal(): Float64Array {
    if (!this.#total) {
      // Every document's entries in turn (the rows follow one another), as `addDocument` with weight 1 adds them: 1 · v is v.
      const sums = new Float64Array(this.width);
      const { indices, values } = this;
      const end = this.starts[this.documents]!;
      for (let e = this.starts[0]!; e < end; e++) sums[indices[e]!]! += values[e]!;
      this.#total = sums;
    }
    return this.#total;
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
    // new index of every old one, −1 for the families left out
    const moved = new Int32Array(this.width).fill(-1);
    moved[0] = 0;
    kept.forEach(({ from, to }, k) => {
      for (let index = from; index < to; index++) moved[index] = index + shift[k]!;
    });
    const starts = new Int32Array(this.documents + 1);
    const indices = new Int32Array(this.indices.length);
    const values = new Float64Array(this.values.length);
    let used = 0;
    for (let d = 0; d < this.documents; d++) {
      const end = this.starts[d + 1]!;
      for (let e = this.starts[d]!; e < end; e++) {
        const index = moved[this.indices[e]!]!;
        if (index < 0) continue;
        indices[used] = index;
        values[used] = this.values[e]!;
        used += 1;
      }
      starts[d + 1] = used;
    }
    const accumulator = new ScoreAccumulator(
      ctx,
      kept.map((k) => k.family),
    );
    // Views rather than copies of the kept entries: the arrays are this recording's size, no more.
    const restricted = new RecordedStatistics(accumulator, this.ids, starts, indices.subarray(0, used), values.subarray(0, used));
    // A kept statistic's total adds the same terms in the same order as here: moved, not summed again.
    if (this.#total) {
      const total = new Float64Array(restricted.width);
      for (let index = 0; index < moved.length; index++) if (moved[index]! >= 0) total[moved[index]!] = this.#total[index]!;
      restricted.#total = total;
    }
    return restricted;
  }
}

/**
 * Records each document's statistics under the accumulator's layout.
 *
 * @example
 * const recorded = recordStatistics(new ScoreAccumulator(ctx, families), prepareDocuments(ctx, gold, pred));
 * recorded.accumulator.compute(recorded.total()); // the same result as update + compute
 */
export function recordStatistics(
  accumulator: ScoreAccumulator,
  docs: Iterable<PreparedDocument>,
  seconds?: FamilySeconds,
): RecordedStatistics {
  const recorder = new StatisticsRecorder(accumulator);
  for (const doc of docs) recorder.add(doc, seconds);
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
  /** The full chunks, in order; the one being filled is `#chunk`, up to `#at`. */
  readonly #full: RecordingChunk[] = [];
  #chunk = takeChunk();
  #at = 0;
  readonly #push = (index: number, value: number): void => {
    if (value === 0) return;
    if (this.#at === CHUNK_ENTRIES) {
      this.#full.push(this.#chunk);
      this.#chunk = takeChunk();
      this.#at = 0;
    }
    this.#chunk.indices[this.#at] = index;
    this.#chunk.values[this.#at] = value;
    this.#at += 1;
  };

  constructor(accumulator: ScoreAccumulator) {
    this.#accumulator = accumulator;
  }

  get #used(): number {
    return this.#full.length * CHUNK_ENTRIES + this.#at;
  }

  add(doc: PreparedDocument, seconds?: FamilySeconds): void {
    this.#ids.push(doc.id);
    this.#accumulator.countInto(doc, this.#push, seconds);
    this.#starts.push(this.#used);
  }

  /** The recording, its entries copied once into arrays of their size; the chunks go back to the pool. */
  finish(): RecordedStatistics {
    const used = this.#used;
    const indices = new Int32Array(used);
    const values = new Float64Array(used);
    const chunks = [...this.#full, this.#chunk];
    chunks.forEach((chunk, c) => {
      const length = c === chunks.length - 1 ? this.#at : CHUNK_ENTRIES;
      indices.set(chunk.indices.subarray(0, length), c * CHUNK_ENTRIES);
      values.set(chunk.values.subarray(0, length), c * CHUNK_ENTRIES);
    });
    for (const chunk of chunks) if (chunkPool.length < POOLED_CHUNKS) chunkPool.push(chunk);
    return new RecordedStatistics(this.#accumulator, this.#ids, Int32Array.from(this.#starts), indices, values);
  }
}

/** A recording's entries are written in chunks of this many, then copied once into arrays of their size. */
const CHUNK_ENTRIES = 65_536;
/**
 * Chunks kept for the next recording (3 MiB): a recording then allocates little more than its
 * final arrays, where growing one array by doubling allocated three times their size, and the
 * engine ran a full garbage collection for every bootstrap it served.
 */
const POOLED_CHUNKS = 4;

interface RecordingChunk {
  readonly indices: Int32Array;
  readonly values: Float64Array;
}

const chunkPool: RecordingChunk[] = [];

function takeChunk(): RecordingChunk {
  return chunkPool.pop() ?? { indices: new Int32Array(CHUNK_ENTRIES), values: new Float64Array(CHUNK_ENTRIES) };
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
