import type { Db } from "@hierboard/db";
import type { Leaderboard } from "./board-types.ts";
import { buildBoard } from "./build-board.ts";
import type { BoardPhase, BoardSubtask } from "./load-board-key.ts";

type Fingerprinted = { fingerprint: string; board: Promise<Leaderboard> };
const boards = new Map<string, Fingerprinted>();
const MAX_BOARDS = 256;

/**
 * The public board from an in-process cache keyed by phase and subtask, rebuilt when its
 * fingerprint (see `loadBoardKey`) changes, so a new score or new tie groups are on the very next
 * request in every web process. Concurrent requests for a stale board share one rebuild. Callers
 * must not mutate the returned board: every request with the same fingerprint gets the same object.
 */
export async function cachedBoard(db: Db, phase: BoardPhase, subtask: BoardSubtask, fingerprint: string): Promise<Leaderboard> {
  const key = `${phase.id}|${subtask.id}`;
  const cached = boards.get(key);
  if (cached && cached.fingerprint === fingerprint) return cached.board;
  const board = buildBoard(db, phase, subtask);
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
