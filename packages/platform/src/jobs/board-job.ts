import type { Db } from "@hierboard/db";
import type { JobPayload, JobResult } from "@hierboard/queue";
import { updateBoardTies } from "../leaderboard/update-board-ties.ts";

/** A board job: the changed neighbour pairs of one board, tested and stored (see `updateBoardTies`). */
export async function boardJob(board: JobPayload<"board">, deps: { db: Db }): Promise<JobResult<"board">> {
  return updateBoardTies(deps.db, board);
}
