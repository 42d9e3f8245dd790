import type { Db } from "@hierboard/db";
import type { GoldPart } from "../gold-split/gold-part.ts";
import { privatePartShown } from "../gold-split/visible-part.ts";
import type { Leaderboard } from "./board-types.ts";
import type { BoardPhase, BoardSubtask } from "./load-board-key.ts";
import { storedOrBuiltBoard } from "./stored-or-built-board.ts";

type Fingerprinted = { fingerprint: string; board: Promise<Leaderboard> };
const boards = new Map<string, Fingerprinted>();
const MAX_BOARDS = 256;

/**
 * The public board from an in-process cache keyed by phase, subtask and part of the gold, loaded
 * again when its fingerprint (see `loadBoardKey`) changes, so a new score or new tie groups are on
 * the very next request in every web process: the board job's stored board when it was built for
 * this fingerprint, else one built here (`storedOrBuiltBoard`). Concurrent requests for a stale
 * board share one load. Callers must not mutate the returned board: every request with the same
 * fingerprint gets the same object.
 */
export async function cachedBoard(
  db: Db,
  phase: BoardPhase,
  subtask: BoardSubtask,
  fingerprint: string,
  part: GoldPart,
  now: Date,
): Promise<Leaderboard> {
  // A part's board also changes when the private part comes out (its `split.privateShown`).
  const key = `${phase.id}|${subtask.id}|${part}|${phase.publicFraction === null ? "" : privatePartShown(phase, now)}`;
  const cached = boards.get(key);
  if (cached && cached.fingerprint === fingerprint) return cached.board;
  const board = storedOrBuiltBoard(db, phase, subtask, fingerprint, part, now);
  boards.delete(key);
  boards.set(key, { fingerprint, board });
  if (boards.size > MAX_BOARDS) boards.delete(boards.keys().next().value!);
  board.catch(() => {
    if (boards.get(key)?.board === board) boards.delete(key);
  });
  return board;
}

/** Empties the board cache (tests, benchmarks). */
export function clearBoardCache(): void {
  boards.clear();
}
