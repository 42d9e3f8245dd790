import type { Db } from "@hierboard/db";
import type { JobPayload, JobResult } from "@hierboard/queue";
import { loadBoardFingerprint } from "../leaderboard/load-board-key.ts";
import { storeBoards } from "../leaderboard/store-boards.ts";
import { updateBoardTies } from "../leaderboard/update-board-ties.ts";

/** Rounds of a board job while its board changes under it; after them the repair sweep picks the board up again. */
const ROUNDS = 3;

/**
 * A board job: the changed neighbour pairs of one board tested and stored (`updateBoardTies`), then
 * the whole board of every part built and stored with its fingerprint (`storeBoards`). While the
 * job runs, enqueueing the same board is a no-op (one job id), so the job checks the fingerprint
 * again at the end and runs once more when something changed the board meanwhile.
 */
export async function boardJob(board: JobPayload<"board">, deps: { db: Db }): Promise<JobResult<"board">> {
  const done = { tested: 0, rows: 0 };
  for (let round = 1; ; round++) {
    const ties = await updateBoardTies(deps.db, board);
    const stored = await storeBoards(deps.db, board);
    done.tested += ties.tested;
    done.rows = ties.rows;
    const current = (await loadBoardFingerprint(deps.db, board)) === stored.fingerprint;
    if (current || round === ROUNDS) return { ...done, stored: stored.parts, current };
  }
}
