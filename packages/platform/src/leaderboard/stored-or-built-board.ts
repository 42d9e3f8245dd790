import type { Db } from "@hierboard/db";
import type { GoldPart } from "../gold-split/gold-part.ts";
import { boardSplit } from "../gold-split/split-board.ts";
import type { Leaderboard } from "./board-types.ts";
import { buildBoard } from "./build-board.ts";
import type { BoardPhase, BoardSubtask } from "./load-board-key.ts";
import { decodeBoard } from "./stored-board-codec.ts";

/**
 * The full board of one part: the one the board job stored when it was built for `fingerprint`
 * (what depends on the clock, `boardSplit`, recomputed for `now`), else built here from the
 * database (`buildBoard`: the rows are right at once; tie groups the job has not stored yet are
 * `pending`). Nothing is enqueued: every write that changes a board enqueues its job, and the
 * worker's repair sweep catches any board left behind.
 */
export async function storedOrBuiltBoard(
  db: Db,
  phase: BoardPhase,
  subtask: BoardSubtask,
  fingerprint: string,
  part: GoldPart,
  now: Date,
): Promise<Leaderboard> {
  const stored = await db.storedBoard.findFirst({
    where: { phaseId: phase.id, subtaskId: subtask.id, part, fingerprint },
    select: { board: true },
  });
  if (!stored) return buildBoard(db, phase, subtask, part, now);
  return { ...decodeBoard(stored.board), ...boardSplit(phase, part, now) };
}
