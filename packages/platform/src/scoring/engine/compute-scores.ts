import {
  bootstrapIntervals,
  ENGINE_VERSION,
  evaluate,
  evaluateRecorded,
  flattenMeasures,
  measureInfo,
  recordEvaluation,
  type Evaluation,
  type FamilySeconds,
  type LabelFile,
  type RecordedStatistics,
} from "@hierboard/metrics";
import { evaluationInput } from "./evaluation-input.ts";
import { withInputErrors } from "../../errors/app-error.ts";
import type { ScoringSetup } from "../setup/load-scoring-setup.ts";

export interface ScoreRow {
  measure: string;
  /** null when the measure is undefined for this submission. */
  value: number | null;
  ciLow: number | null;
  ciHigh: number | null;
}

export interface ComputedScores {
  rows: ScoreRow[];
  /** The engine's full result, JSON-safe (NaN and Infinity become null). */
  breakdown: Evaluation;
  warnings: string[];
  documents: number;
  engineVersion: string;
  /** Seconds each measure family took (count and reduce), when the evaluation ran here in one piece. */
  familySeconds?: FamilySeconds;
}

/** Fixed, so that re-scoring the same files reproduces the same intervals. */
export const BOOTSTRAP_SEED = 1;

/**
 * Scores a parsed prediction with every measure family (and the cafa family for a CAFA-style subtask). One row per registered measure the
 * evaluation holds, plus a null row for each shown measure it could not compute. With
 * `subtask.bootstrap` > 0, each row also gets a 95% BCa bootstrap interval over documents.
 */
export function computeScores(setup: ScoringSetup, pred: LabelFile): ComputedScores {
  const input = evaluationInput(setup, pred);
  const familySeconds: FamilySeconds = {};
  if (setup.subtask.bootstrap > 0) {
    // Each document counted once, into the statistics the intervals resample.
    const { evaluation, recorded } = withInputErrors(() => evaluateRecorded(input, { familySeconds }));
    return { ...scoresFromEvaluation(setup, evaluation, () => recorded), familySeconds };
  }
  const evaluation = withInputErrors(() => evaluate(input, { familySeconds }));
  return { ...scoresFromEvaluation(setup, evaluation, () => recordEvaluation(input)), familySeconds };
}

/**
 * The rows, breakdown and intervals of an evaluation however it was computed (in one job, or
 * merged from shards). `record` gives the per-document statistics, asked for only when the
 * subtask wants bootstrap intervals; identical statistics give identical intervals.
 */
export function scoresFromEvaluation(
  setup: Pick<ScoringSetup, "subtask">,
  evaluation: Evaluation,
  record: () => RecordedStatistics,
): ComputedScores {
  const values = flattenMeasures(evaluation);
  const measures = Object.keys(values).filter((key) => measureInfo(key) !== undefined);
  const intervals =
    setup.subtask.bootstrap > 0
      ? withInputErrors(() => bootstrapIntervals(record(), { resamples: setup.subtask.bootstrap, seed: BOOTSTRAP_SEED, measures }))
      : {};
  const rows: ScoreRow[] = measures.map((measure) => ({
    measure,
    value: values[measure] ?? null,
    ciLow: intervals[measure]?.low ?? null,
    ciHigh: intervals[measure]?.high ?? null,
  }));
  for (const measure of setup.subtask.measuresShown) {
    if (!(measure in values)) rows.push({ measure, value: null, ciLow: null, ciHigh: null });
  }
  rows.sort((a, b) => a.measure.localeCompare(b.measure));
  const breakdown = JSON.parse(
    JSON.stringify(evaluation, (_k, v: unknown) => (typeof v === "number" && !Number.isFinite(v) ? null : v)),
  ) as Evaluation;
  return { rows, breakdown, warnings: [...evaluation.warnings], documents: evaluation.documents, engineVersion: ENGINE_VERSION };
}
