import type { Db } from "@hierboard/db";
import type { BoardJobData, JobPayload, JobResult } from "@hierboard/queue";
import { staleBoards } from "../leaderboard/stale-boards.ts";

/**
 * The repair sweep (a scheduled job): the board job of every board whose stored board is missing or
 * stale (`staleBoards`, one query), the safety net behind the writes that enqueue their own.
 */
export async function boardRepairJob(
  _sweep: JobPayload<"board-repair">,
  deps: { db: Db; enqueueBoard(board: BoardJobData): Promise<void> },
): Promise<JobResult<"board-repair">> {
  const stale = await staleBoards(deps.db);
  for (const board of stale) await deps.enqueueBoard(board);
  return { enqueued: stale.length };
}
