import type { DocumentLabels, LabelFile } from "../labels/label-file.ts";
import { goldSetIds, labelSetGeneration, labelSetPairId, labelSetPairRecord, type GoldSetIds, type PairRecord } from "./label-set-memo.ts";
import { closureMarksOf, type ClosureMarks } from "./closure-marks.ts";
import { greedyGoldLabels, greedyPathCover } from "../paths/greedy-path-cover.ts";
import { ROOT } from "../taxonomy/taxonomy.ts";
import type { ScoringContext } from "./scoring-context.ts";

type Path = readonly number[];

/**
 * One gold document paired with its prediction, normalised once and shared by
 * every measure family. The derived forms are computed on first use.
 */
export class PreparedDocument {
  readonly id: string;
  readonly gold: DocumentLabels;
  /** Undefined when the prediction file lacks the document. */
  readonly prediction: DocumentLabels | undefined;
  readonly #ctx: ScoringContext;
  #predictedLabels: readonly number[] | undefined;
  #goldCovered: readonly number[] | undefined;
  #predictedPaths: readonly Path[] | undefined;
  #goldClosure: ReadonlySet<number> | undefined;
  #predictedClosure: ReadonlySet<number> | undefined;
  #labelSetPairGeneration = -1;
  #closureMarks: ClosureMarks | undefined;
  #labelSetPairRecord: PairRecord | undefined;
  readonly #goldSetIds: GoldSetIds | undefined;
  readonly #index: number;

  /** `goldSetIds` and `index`: the gold file's set ids and this document's place in the file, when it came from one. */
  constructor(gold: DocumentLabels, prediction: DocumentLabels | undefined, ctx: ScoringContext, goldSetIds?: GoldSetIds, index = 0) {
    this.id = gold.id;
    this.gold = gold;
    this.prediction = prediction;
    this.#ctx = ctx;
    this.#goldSetIds = goldSetIds;
    this.#index = index;
  }

  /** Gold labels as written (flat view). */
  get goldLabels(): readonly number[] {
    return this.gold.labels;
  }

  /** Predicted labels as written (flat view); soft scores at or above the threshold. */
  get predictedLabels(): readonly number[] {
    if (this.#predictedLabels) return this.#predictedLabels;
    const p = this.prediction;
    if (p?.scores) {
      const labels: number[] = [];
      for (const [node, score] of p.scores) if (score >= this.#ctx.options.threshold) labels.push(node);
      this.#predictedLabels = labels;
    } else this.#predictedLabels = p?.labels ?? [];
    return this.#predictedLabels;
  }

  /** Gold labels after the greedy cover (end nodes in cover order); explicit gold paths give their end nodes. */
  get goldCovered(): readonly number[] {
    this.#goldCovered ??= this.gold.paths ? this.gold.labels : greedyGoldLabels(this.#ctx.taxonomy, this.gold.labels);
    return this.#goldCovered;
  }

  /** Predicted root paths: explicit, or from the greedy cover; `[[root]]` when nothing is predicted. */
  get predictedPaths(): readonly Path[] {
    if (!this.#predictedPaths) {
      const explicit = this.prediction?.scores ? undefined : this.prediction?.paths;
      const paths = explicit ?? greedyPathCover(this.#ctx.taxonomy, this.predictedLabels);
      this.#predictedPaths = paths.length > 0 ? paths : [[ROOT]];
    }
    return this.#predictedPaths;
  }

  /**
   * Gold labels with all their ancestors (root excluded). Explicit paths count
   * as their end nodes (the true-path rule: a label implies every ancestor, by
   * every path); only HC reads the paths as written.
   */
  get goldClosure(): ReadonlySet<number> {
    this.#goldClosure ??= this.#closure(this.gold.labels);
    return this.#goldClosure;
  }

  /** Predicted labels with all their ancestors (root excluded); explicit paths count as their end nodes, as for the gold. */
  get predictedClosure(): ReadonlySet<number> {
    this.#predictedClosure ??= this.#closure(this.predictedLabels);
    return this.#predictedClosure;
  }

  /**
   * `goldClosure` and `predictedClosure` as lists with membership marks (`ClosureMarks`), in the
   * taxonomy's tables: valid until another document's, or other sets, are marked there.
   */
  get closureMarks(): ClosureMarks {
    const marks = (this.#closureMarks ??= closureMarksOf(this.#ctx.taxonomy));
    if (marks.owner !== this) {
      marks.mark(this.goldClosure, this.predictedClosure);
      marks.owner = this;
    }
    return marks;
  }

  /**
   * The record in which the LCA, GIE and MGIA memos keep this pair of label sets
   * (`labelSetPairRecord` of `labelSetPairId(taxonomy, gold, predicted)`), found once per
   * generation of the taxonomy's set ids.
   */
  get labelSetPairRecord(): PairRecord {
    const { taxonomy } = this.#ctx;
    const goldSets = this.#goldSetIds;
    const generation = goldSets ? goldSets.generation : labelSetGeneration(taxonomy);
    if (this.#labelSetPairGeneration !== generation || this.#labelSetPairRecord === undefined) {
      this.#labelSetPairRecord = goldSets
        ? goldSets.pairRecord(this.#index, this.goldLabels, this.predictedLabels)
        : labelSetPairRecord(taxonomy, labelSetPairId(taxonomy, this.goldLabels, this.predictedLabels));
      // read after: making the ids may have given them anew
      this.#labelSetPairGeneration = goldSets ? goldSets.generation : labelSetGeneration(taxonomy);
    }
    return this.#labelSetPairRecord;
  }

  #closure(labels: readonly number[]): Set<number> {
    const set = new Set<number>();
    const ancestors = this.#ctx.taxonomy.ancestors;
    for (const label of labels) {
      set.add(label);
      for (const a of ancestors[label]!) set.add(a);
    }
    return set;
  }
}

/** Pairs every gold document, in gold order, with its prediction. */
export function* prepareDocuments(ctx: ScoringContext, gold: LabelFile, pred: LabelFile): Generator<PreparedDocument> {
  const goldSets = goldSetIds(ctx.taxonomy, gold);
  let index = 0;
  for (const entry of gold.entries.values()) yield new PreparedDocument(entry, pred.entries.get(entry.id), ctx, goldSets, index++);
}
