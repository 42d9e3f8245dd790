import type { Db } from "@hierboard/db";
import type { GoldPart } from "../gold-split/gold-part.ts";
import { countedEntries } from "./build-board.ts";
import type { BoardEntry } from "./load-board-entries.ts";
import { competitionRanks } from "./rank-entries.ts";

/**
 * The ranked rows of a board on one part of the gold in order (the phase's rule or final runs,
 * baselines and undefined values left out), as the board shows them, and a signature that changes
 * when the ranking does.
 */
export async function rankedBoard(
  db: Db,
  ids: { phaseId: string; subtaskId: string },
  part: GoldPart,
): Promise<{ measure: string; ranked: BoardEntry[]; signature: string }> {
  const [phase, subtask] = await Promise.all([
    db.phase.findUniqueOrThrow({ where: { id: ids.phaseId }, select: { id: true, rule: true, finalRuns: true, finalRunsBoard: true } }),
    db.subtask.findUniqueOrThrow({ where: { id: ids.subtaskId }, select: { id: true, primaryMeasure: true } }),
  ]);
  const { chosen } = await countedEntries(db, phase, subtask, part);
  const ranks = competitionRanks(chosen);
  const ranked = chosen.filter((_, i) => ranks[i] !== null);
  const signature = [subtask.primaryMeasure, ...ranked.map((e) => `${e.submissionId}:${e.goldVersion}`)].join("|");
  return { measure: subtask.primaryMeasure, ranked, signature };
}
