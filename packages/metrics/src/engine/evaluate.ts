import { checkPredictionIds } from "../labels/check-prediction-ids.ts";
import type { LabelFile, MissingDocumentPolicy } from "../labels/label-file.ts";
import type { Taxonomy } from "../taxonomy/taxonomy.ts";
import { familyOptions, type FamilyResult, type MeasureFamily } from "../scoring/measure-family.ts";
import { prepareDocuments } from "../scoring/prepared-document.ts";
import { accumulatorWidth, ScoreAccumulator, type FamilySeconds } from "../scoring/score-accumulator.ts";
import { withLentSums } from "../scoring/lent-sums.ts";
import { scoringContext, type ScoringContext } from "../scoring/scoring-context.ts";
import { recordStatistics, type RecordedStatistics } from "../uncertainty/recorded-statistics.ts";
import { evaluationOptions, type ZeroDivision } from "../scoring/zero-division.ts";
import { selectFamilies } from "./measure-families.ts";

export interface EvaluateInput {
  readonly taxonomy: Taxonomy;
  readonly gold: LabelFile;
  readonly pred: LabelFile;
  /** Default `empty`: a missing document is an empty prediction, with a warning. */
  readonly missingDocuments?: MissingDocumentPolicy;
  /** Default true: a missing-documents warning names the first ten missing gold ids (see `checkPredictionIds`). */
  readonly nameMissingIds?: boolean;
  /** Extra measure families beyond flat, hc and hierarchical, or "all". */
  readonly metrics?: readonly string[] | "all";
  readonly threshold?: number;
  readonly beta?: number;
  /** What a ratio with a zero denominator gives: 0 (default), 1 or "nan". */
  readonly zeroDivision?: ZeroDivision;
  readonly extra?: Readonly<Record<string, unknown>>;
}

/**
 * The result of `evaluate`: plain JSON, the same object `hierboard eval --json`
 * prints. `options.zeroDivision` records what a zero denominator gave.
 */
export type Evaluation = { documents: number; warnings: string[] } & Record<string, FamilyResult | number | string[]>;

/**
 * Scores a prediction file against a gold file in one call:
 * validate → normalise → count → reduce.
 *
 * With `timing.familySeconds`, adds to it the seconds each measure family
 * spent counting and reducing (by family id; the worker's scoring-duration
 * metric by family). The result is the same.
 *
 * @example
 * const result = evaluate({ taxonomy, gold, pred });
 * result.hc.f1; result.flat.micro.f1; result.hierarchical.f1;
 * const familySeconds = {};
 * evaluate({ taxonomy, gold, pred, metrics: "all" }, { familySeconds }); // familySeconds.lca: seconds
 */
export function evaluate(input: EvaluateInput, timing: { familySeconds?: FamilySeconds } = {}): Evaluation {
  const { ctx, families, warnings } = evaluationSetup(input);
  // The sums vector is lent: only the plain results leave this call.
  return withLentSums(accumulatorWidth(ctx, families), (sums) => {
    const accumulator = new ScoreAccumulator(ctx, families, sums);
    accumulator.update(prepareDocuments(ctx, input.gold, input.pred), timing.familySeconds);
    return { ...accumulator.compute(undefined, timing.familySeconds), options: evaluationOptions(ctx), warnings } as Evaluation;
  });
}

/**
 * `evaluate` and `recordEvaluation` in one pass over the documents: each document is counted
 * once, into its recorded row, and the evaluation reduces the rows' total, which is the same
 * sum bit for bit (the same terms in the same order; only zeros are left out).
 *
 * @example
 * const { evaluation, recorded } = evaluateRecorded({ taxonomy, gold, pred, metrics: "all" });
 * bootstrapIntervals(recorded, { resamples: 1000, seed: 1 });
 */
export function evaluateRecorded(
  input: EvaluateInput,
  timing: { familySeconds?: FamilySeconds } = {},
): { evaluation: Evaluation; recorded: RecordedStatistics } {
  const { ctx, families, warnings } = evaluationSetup(input);
  const accumulator = new ScoreAccumulator(ctx, families);
  const recorded = recordStatistics(accumulator, prepareDocuments(ctx, input.gold, input.pred), timing.familySeconds);
  const computed = accumulator.compute(recorded.sharedTotal(), timing.familySeconds);
  return { evaluation: { ...computed, options: evaluationOptions(ctx), warnings } as Evaluation, recorded };
}

/** The context, the selected families, and the input's warnings (ids checked first). */
function evaluationSetup(input: EvaluateInput): { ctx: ScoringContext; families: MeasureFamily[]; warnings: string[] } {
  const ctx = scoringContext(input.taxonomy, input);
  const idWarnings = checkPredictionIds(input.gold, input.pred, {
    missingDocuments: input.missingDocuments,
    nameMissingIds: input.nameMissingIds,
  });
  const families = selectFamilies(input.metrics);
  // Built before the documents are counted, so that a bad family option throws first.
  for (const family of families) familyOptions(family, ctx);
  const warnings = [...input.taxonomy.warnings, ...input.gold.warnings, ...input.pred.warnings, ...idWarnings];
  return { ctx, families, warnings };
}
