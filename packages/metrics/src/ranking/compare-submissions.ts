import { InputError } from "../errors/input-error.ts";
import { checkPredictionIds } from "../labels/check-prediction-ids.ts";
import type { LabelFile, MissingDocumentPolicy } from "../labels/label-file.ts";
import { prepareDocuments } from "../scoring/prepared-document.ts";
import { scoringContext } from "../scoring/scoring-context.ts";
import { flattenMeasures } from "../scoring/flatten-measures.ts";
import { selectFamilies } from "../engine/measure-families.ts";
import { measureInfo } from "../engine/measure-registry.ts";
import { ScoreAccumulator } from "../scoring/score-accumulator.ts";
import type { Taxonomy } from "../taxonomy/taxonomy.ts";
import { bootstrapIntervals, DEFAULT_RESAMPLES, type Interval } from "../uncertainty/bootstrap-intervals.ts";
import type { PairedTestMethod } from "../uncertainty/paired-test.ts";
import { recordStatistics, type RecordedStatistics } from "../uncertainty/recorded-statistics.ts";
import { checkResamples, checkSeed } from "../uncertainty/resample-options.ts";
import { tiedGroups, type TiedGroups } from "../uncertainty/tied-groups.ts";
import { kendallTauB } from "./kendall-tau-b.ts";
import { measureAgreement } from "./measure-agreement.ts";
import { rankWithTies, type Direction } from "./rank-with-ties.ts";

export interface CompareInput {
  readonly taxonomy: Taxonomy;
  readonly gold: LabelFile;
  /** The submissions, each with a unique display name. */
  readonly preds: readonly { readonly name: string; readonly file: LabelFile }[];
  /** Extra measure families, as for `evaluate`. */
  readonly metrics?: readonly string[] | "all";
  /** Measure keys to rank under (default: every registered measure the evaluations contain). */
  readonly measures?: readonly string[];
  /** The measure of the tied groups (default `hc.f1`). */
  readonly primary?: string;
  /** Resamples of the paired tests (default 1000); when given, also adds bootstrap intervals. */
  readonly bootstrap?: number;
  readonly seed?: number;
  /** Significance level of the tied groups (default 0.05). */
  readonly alpha?: number;
  /** Paired test of the tied groups (default `randomization`). */
  readonly test?: PairedTestMethod;
  readonly missingDocuments?: MissingDocumentPolicy;
  readonly threshold?: number;
  readonly beta?: number;
  readonly extra?: Readonly<Record<string, unknown>>;
}

/** One measure's values and competition ranks, aligned with `submissions`. */
export interface RankedMeasure {
  readonly key: string;
  readonly label: string;
  readonly direction: Direction;
  readonly values: number[];
  readonly ranks: number[];
}

/** A square table over `measures`; `null` where undefined (a constant measure). */
export type MeasureMatrix = (number | null)[][];

export interface Comparison {
  readonly documents: number;
  readonly submissions: string[];
  readonly primary: string;
  readonly measures: RankedMeasure[];
  /** Kendall τ-b between the rankings under every pair of measures (rows and columns in `measures` order). */
  readonly kendall: MeasureMatrix;
  /** Huang & Ling: consistency C (symmetric), discriminancy D of the row measure over the column measure, indifference E. */
  readonly agreement: { consistency: MeasureMatrix; discriminancy: MeasureMatrix; indifference: MeasureMatrix };
  readonly tiedGroups: TiedGroups;
  /** Per submission, percentile intervals of every ranked measure (only when `bootstrap` is given). */
  readonly intervals?: Record<string, Record<string, Interval>>;
  readonly warnings: Record<string, string[]>;
}

/**
 * Ranks several submissions on the same gold under many measures and says
 * how far the measures agree: per measure the values and competition ranks
 * side by side (`rankWithTies`), Kendall's τ-b between the rankings of every
 * pair of measures (`kendallTauB`, on ranks, so lower-is-better measures are
 * compared in their own direction), Huang & Ling's degrees of consistency,
 * discriminancy and indifference between every pair (`measureAgreement`),
 * and the statistically tied groups under the primary measure
 * (`tiedGroups`). Each submission is counted once: its recorded per-document
 * statistics give its evaluation, the paired tests and the intervals.
 *
 * Sources: see `kendallTauB`, `measureAgreement`, `tiedGroups`.
 *
 * @example
 * const comparison = compareSubmissions({ taxonomy, gold, preds: [{ name: "A", file: a }, { name: "B", file: b }] });
 * comparison.measures.find((m) => m.key === "hc.f1"); // { values: [0.61, 0.55], ranks: [1, 2], … }
 * comparison.kendall[i][j]; // τ-b between measures i and j
 * comparison.tiedGroups.groups; // [["A"], ["B"]]
 */
export function compareSubmissions(input: CompareInput): Comparison {
  if (input.preds.length === 0) throw new InputError("BAD_OPTION", "expected at least one prediction file to compare, got none");
  const names = input.preds.map((p) => p.name);
  const repeated = names.find((name, i) => names.indexOf(name) !== i);
  if (repeated !== undefined)
    throw new InputError("BAD_OPTION", `expected distinct submission names, got ${JSON.stringify(repeated)} twice`);
  const resamples = checkResamples(input.bootstrap ?? DEFAULT_RESAMPLES);
  const seed = checkSeed(input.seed ?? 1);
  const ctx = scoringContext(input.taxonomy, input);
  const families = selectFamilies(input.metrics);
  const warnings: Record<string, string[]> = {};
  const recorded: RecordedStatistics[] = input.preds.map(({ name, file }) => {
    warnings[name] = [...file.warnings, ...checkPredictionIds(input.gold, file, { missingDocuments: input.missingDocuments })];
    return recordStatistics(new ScoreAccumulator(ctx, families), prepareDocuments(ctx, input.gold, file));
  });
  const evaluations = recorded.map((r) => flattenMeasures(r.accumulator.compute(r.total())));
  const available = Object.keys(evaluations[0]!).filter((key) => measureInfo(key) !== undefined);
  const keys = input.measures ?? available;
  const primary = input.primary ?? "hc.f1";
  for (const key of [...keys, primary]) {
    if (!(key in evaluations[0]!))
      throw new InputError("BAD_OPTION", `expected a measure among ${available.join(", ")}, got ${JSON.stringify(key)}`);
  }

  const measures: RankedMeasure[] = keys.map((key) => {
    const info = measureInfo(key);
    const direction = info?.direction ?? "higher";
    const values = evaluations.map((e) => e[key]!);
    return { key, label: info?.label ?? key, direction, values, ranks: rankWithTies(values, direction) };
  });
  const square = (cell: (f: RankedMeasure, g: RankedMeasure) => number | null): MeasureMatrix =>
    measures.map((f) =>
      measures.map((g) => {
        const v = cell(f, g);
        return v === null || Number.isNaN(v) ? null : v;
      }),
    );
  const agreements = new Map<string, ReturnType<typeof measureAgreement>>();
  const agreementOf = (f: RankedMeasure, g: RankedMeasure) => {
    const id = `${f.key}\u0000${g.key}`;
    let a = agreements.get(id);
    if (!a) agreements.set(id, (a = measureAgreement(f, g)));
    return a;
  };

  const tied = tiedGroups(
    names.map((name, i) => ({ name, statistics: recorded[i]! })),
    primary,
    { alpha: input.alpha, method: input.test, resamples, seed },
  );
  const comparison: Comparison = {
    documents: input.gold.documents,
    submissions: names,
    primary,
    measures,
    // ranks carry each measure's direction, so τ-b on them compares "better" with "better"
    kendall: square((f, g) =>
      kendallTauB(
        f.ranks.map((r) => -r),
        g.ranks.map((r) => -r),
      ),
    ),
    agreement: {
      consistency: square((f, g) => agreementOf(f, g).consistency),
      discriminancy: square((f, g) => agreementOf(f, g).discriminancy),
      indifference: square((f, g) => agreementOf(f, g).indifference),
    },
    tiedGroups: tied,
    warnings,
  };
  if (input.bootstrap === undefined) return comparison;
  const intervals: Record<string, Record<string, Interval>> = {};
  recorded.forEach((r, i) => (intervals[names[i]!] = bootstrapIntervals(r, { resamples, seed, measures: keys })));
  return { ...comparison, intervals };
}
