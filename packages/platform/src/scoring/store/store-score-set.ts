import type { DbTx } from "@hierboard/db";
import type { GoldPart } from "../../gold-split/gold-part.ts";
import type { ComputedScores } from "../engine/compute-scores.ts";
import type { ScoringSetup } from "../setup/load-scoring-setup.ts";
import type { StoredAnalysis } from "../statistics/stored-analysis.ts";
import { scoreSetFields } from "./score-set-fields.ts";
import { writeScoreRows } from "./write-score-rows.ts";

/** Upserts one part's score set of a submission at a gold version, and its rows; returns the set's id. */
export async function storeScoreSet(
  tx: DbTx,
  key: { submissionId: string; goldVersion: number; part: GoldPart },
  setup: Pick<ScoringSetup, "taxonomyHash" | "goldHash">,
  scores: ComputedScores,
  analysis: StoredAnalysis,
): Promise<string> {
  const fields = scoreSetFields(setup, scores, analysis);
  const set = await tx.scoreSet.upsert({
    where: { submissionId_goldVersion_part: key },
    create: { ...key, ...fields },
    update: fields,
    select: { id: true }, // not the per-document statistics just written
  });
  await writeScoreRows(tx, { ...key, scoreSetId: set.id }, scores.rows);
  return set.id;
}
