import type { ComputedScores } from "../engine/compute-scores.ts";
import type { ScoringSetup } from "../setup/load-scoring-setup.ts";
import type { StoredAnalysis } from "../statistics/stored-analysis.ts";

/** What a score set stores beside its rows: the engine's result, the inputs' hashes and the analysis the read paths use. */
export function scoreSetFields(setup: Pick<ScoringSetup, "taxonomyHash" | "goldHash">, scores: ComputedScores, analysis: StoredAnalysis) {
  return {
    breakdown: scores.breakdown as object,
    warnings: scores.warnings,
    documents: scores.documents,
    engineVersion: scores.engineVersion,
    taxonomyHash: setup.taxonomyHash,
    goldHash: setup.goldHash,
    statistics: analysis.statistics,
    statisticsFamilies: analysis.statisticsFamilies,
    labelErrors: (analysis.labelErrors ?? undefined) as object | undefined,
  };
}

export type ScoreSetFields = ReturnType<typeof scoreSetFields>;
