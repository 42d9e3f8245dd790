import { WHOLE_GOLD } from "../node-statistics/record-node-statistics.ts";
import type { Db } from "@hierboard/db";
import { primaryDirectionOf } from "../scoring/measure-catalogue.ts";
import { chooseBoardEntries } from "./build-board.ts";
import { loadBoardEntries, type BoardEntry } from "./load-board-entries.ts";
import { competitionRanks } from "./rank-entries.ts";

/**
 * The ranked rows of a board in order (the phase's rule or final runs, baselines and undefined values left
 * out), as the board shows them, and a signature that changes when the ranking does.
 */
export async function rankedBoard(
  db: Db,
  ids: { phaseId: string; subtaskId: string },
): Promise<{ measure: string; ranked: BoardEntry[]; signature: string }> {
  const [phase, subtask] = await Promise.all([
    db.phase.findUniqueOrThrow({ where: { id: ids.phaseId }, select: { rule: true, finalRuns: true, finalRunsBoard: true } }),
    db.subtask.findUniqueOrThrow({ where: { id: ids.subtaskId }, select: { primaryMeasure: true } }),
  ]);
  // The tie tests run on the whole gold; a split phase's part boards show none (see buildBoard).
  const entries = await loadBoardEntries(db, { ...ids, primaryMeasure: subtask.primaryMeasure, part: WHOLE_GOLD });
  const chosen = chooseBoardEntries(entries, phase, primaryDirectionOf(subtask.primaryMeasure));
  const ranks = competitionRanks(chosen);
  const ranked = chosen.filter((_, i) => ranks[i] !== null);
  const signature = [subtask.primaryMeasure, ...ranked.map((e) => `${e.submissionId}:${e.goldVersion}`)].join("|");
  return { measure: subtask.primaryMeasure, ranked, signature };
}
