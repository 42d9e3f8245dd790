import type { Db } from "@hierboard/db";
import type { GoldPart } from "../gold-split/gold-part.ts";
import type { RowTie } from "./board-types.ts";
import type { BoardEntry } from "./load-board-entries.ts";
import { TIE_TEST } from "./tie-test.ts";

/**
 * The tie groups of a ranked board on one part of the gold from the `BoardTie` rows the worker's
 * board job wrote for that part: one indexed query, no test. A stored row counts only while its row above, measure and gold version
 * are still the board's; otherwise the board job has not caught up yet (`pending`). `complete` is
 * false when some pair is pending or could not be tested.
 */
export async function loadBoardTies(
  db: Db,
  ids: { phaseId: string; subtaskId: string; part: GoldPart },
  measure: string,
  ranked: readonly BoardEntry[],
): Promise<{ ties: Map<string, RowTie>; complete: boolean; pending: boolean }> {
  const rows =
    ranked.length === 0
      ? []
      : await db.boardTie.findMany({
          where: ids,
          select: { submissionId: true, aboveSubmissionId: true, measure: true, goldVersion: true, tiedWithAbove: true, pValue: true },
        });
  const stored = new Map(rows.map((r) => [r.submissionId, r]));
  const ties = new Map<string, RowTie>();
  let complete = true;
  let pending = false;
  let group = 0;
  ranked.forEach((entry, i) => {
    const above = ranked[i - 1];
    const row = stored.get(entry.submissionId);
    const current =
      row !== undefined &&
      row.measure === measure &&
      row.goldVersion === entry.goldVersion &&
      row.aboveSubmissionId === (above?.submissionId ?? null);
    if (!current) pending = true;
    const pValue = current && above ? row.pValue : null;
    if (above && pValue === null) complete = false;
    const tiedWithAbove = pValue !== null && pValue >= TIE_TEST.alpha;
    if (!tiedWithAbove) group += 1;
    ties.set(entry.submissionId, { group, tiedWithAbove, pValue });
  });
  return { ties, complete, pending };
}
