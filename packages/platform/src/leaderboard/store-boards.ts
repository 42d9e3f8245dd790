import type { Db } from "@hierboard/db";
import { boardParts } from "../gold-split/split-board.ts";
import type { GoldPart } from "../gold-split/gold-part.ts";
import { buildBoard } from "./build-board.ts";
import { loadBoardKeyById } from "./load-board-key.ts";
import { encodeBoard } from "./stored-board-codec.ts";

/**
 * WORKER SIDE, after `updateBoardTies`: builds the board of every part the phase's board can show
 * (`boardParts`) with `buildBoard` (rows, ranks, tie groups, side-by-side ranks) and stores each
 * as a `StoredBoard` with the fingerprint read BEFORE building (`loadBoardKeyById`), in one
 * transaction that also drops the parts the board no longer shows. A change after that read makes
 * the stored boards stale (reads then build their own), never wrongly fresh.
 */
export async function storeBoards(
  db: Db,
  ids: { phaseId: string; subtaskId: string },
): Promise<{ fingerprint: string; parts: { part: GoldPart; rows: number }[] }> {
  const { phase, subtask, fingerprint } = await loadBoardKeyById(db, ids);
  const parts = boardParts(phase);
  const builtAt = new Date();
  const boards = await Promise.all(parts.map((part) => buildBoard(db, phase, subtask, part, builtAt)));
  await db.$transaction([
    db.storedBoard.deleteMany({ where: { ...ids, part: { notIn: [...parts] } } }),
    ...parts.map((part, i) => {
      const stored = { fingerprint, board: encodeBoard(boards[i]!), builtAt };
      return db.storedBoard.upsert({
        where: { phaseId_subtaskId_part: { ...ids, part } },
        create: { ...ids, part, ...stored },
        update: stored,
      });
    }),
  ]);
  return { fingerprint, parts: parts.map((part, i) => ({ part, rows: boards[i]!.rows.length })) };
}
