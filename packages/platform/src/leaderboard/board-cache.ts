import type { Db, Phase, Subtask } from "@hierboard/db";
import type { Leaderboard } from "./board-types.ts";
import { buildBoard } from "./build-board.ts";
import { clearTieCaches } from "./neighbour-ties.ts";

type Fingerprinted = { fingerprint: string; board: Promise<Leaderboard> };
const boards = new Map<string, Fingerprinted>();
const MAX_BOARDS = 256;

/**
 * What a board depends on, read in one indexed aggregate: the phase's and subtask's settings (rule,
 * measures) and the set of scored submissions with their finish times. The worker stamps
 * `finishedAt` whenever it moves a submission to SCORED (a first score or a re-score), in the same
 * transaction as the score rows, so any new or replaced score changes the count, the latest or the
 * sum of the finish times.
 */
export async function boardFingerprint(db: Db, phase: Pick<Phase, "id" | "updatedAt">, subtask: Pick<Subtask, "id" | "updatedAt">): Promise<string> {
  const [row] = await db.$queryRaw<{ n: number; latest: Date | null; total: string | null }[]>`
    SELECT count(*)::int AS n, max(s."finishedAt") AS latest, sum(extract(epoch FROM s."finishedAt") * 1000)::text AS total
    FROM "Submission" s
    WHERE s."phaseId" = ${phase.id} AND s."subtaskId" = ${subtask.id} AND s.status = 'SCORED'`;
  return [phase.updatedAt.getTime(), subtask.updatedAt.getTime(), row?.n ?? 0, row?.latest?.getTime() ?? "-", row?.total ?? "-"].join("|");
}

/**
 * The public board from an in-process cache keyed by phase and subtask, rebuilt when its
 * fingerprint changes. Concurrent requests for a stale board share one rebuild.
 */
export async function cachedBoard(db: Db, phase: Parameters<typeof buildBoard>[1] & Pick<Phase, "updatedAt">, subtask: Parameters<typeof buildBoard>[2] & Pick<Subtask, "updatedAt">): Promise<Leaderboard> {
  const key = `${phase.id}|${subtask.id}`;
  const fingerprint = await boardFingerprint(db, phase, subtask);
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

/** Empties the board cache (tests, benchmarks); with `ties`, also the tested pairs and recordings. */
export function clearBoardCache(opts: { ties?: boolean } = {}): void {
  boards.clear();
  if (opts.ties) clearTieCaches();
}
