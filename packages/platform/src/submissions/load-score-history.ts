import type { GoldPart } from "../gold-split/gold-part.ts";
import type { Db } from "@hierboard/db";

/** One gold version a submission was scored against. */
export interface ScoreHistoryEntry {
  goldVersion: number;
  /** The primary measure's value against this gold (null when undefined for the submission). */
  primary: number | null;
  /** When the submission was first scored against this gold version (its score set's creation). */
  scoredAt: Date;
  /** When the organisers uploaded this gold version; null if it is no longer stored. */
  goldUploadedAt: Date | null;
  documents: number;
  engineVersion: string;
  /** The newest gold version the submission was scored against: the one the board and report use. */
  current: boolean;
}

/**
 * Every gold version a submission was scored against, newest first, with its primary score and
 * when: re-scoring after a new gold adds a score set and keeps the earlier ones.
 */
export async function loadScoreHistory(
  db: Db,
  input: { submissionId: string; phaseId: string; primaryMeasure: string; part: GoldPart },
): Promise<ScoreHistoryEntry[]> {
  const sets = await db.scoreSet.findMany({
    where: { submissionId: input.submissionId, part: input.part },
    orderBy: { goldVersion: "desc" },
    select: {
      goldVersion: true,
      createdAt: true,
      documents: true,
      engineVersion: true,
      scores: { where: { measure: input.primaryMeasure }, select: { value: true } },
    },
  });
  const golds = await db.goldVersion.findMany({
    where: { phaseId: input.phaseId, version: { in: sets.map((s) => s.goldVersion) } },
    select: { version: true, createdAt: true },
  });
  return sets.map((set, i) => ({
    goldVersion: set.goldVersion,
    primary: set.scores[0]?.value ?? null,
    scoredAt: set.createdAt,
    goldUploadedAt: golds.find((g) => g.version === set.goldVersion)?.createdAt ?? null,
    documents: set.documents,
    engineVersion: set.engineVersion,
    current: i === 0,
  }));
}
