import type { Db } from "@hierboard/db";
import type { PlatformContext } from "../context/platform-context.ts";

/** Which boards a write touched: every board of a task, of a phase, of a subtask, or one board. */
export type BoardScope = { taskId: string } | { phaseId: string; subtaskId?: string } | { subtaskId: string };

/**
 * After a write that changes boards without a new score (a final-run selection, an invalidation, a
 * disqualification, a baseline mark, a phase's or subtask's settings, a re-score), the board jobs
 * of the boards it touched, once it is committed: each board of `scope` that has scored
 * submissions or a stored board. Without a queue (scripts) nothing is enqueued; when the queue is
 * unreachable the write stands, with a warning, and the worker's repair sweep rebuilds the board.
 */
export async function enqueueBoardJobs(ctx: PlatformContext, scope: BoardScope): Promise<void> {
  if (!ctx.enqueueBoard) return;
  try {
    for (const board of await boardsIn(ctx.db, scope)) await ctx.enqueueBoard(board);
  } catch (error) {
    console.warn(`[platform] board jobs for ${JSON.stringify(scope)} not enqueued: ${(error as Error).message}`);
  }
}

async function boardsIn(db: Db, scope: BoardScope): Promise<{ phaseId: string; subtaskId: string }[]> {
  const where = "taskId" in scope ? { phase: { taskId: scope.taskId } } : scope;
  const select = { phaseId: true, subtaskId: true } as const;
  const [scored, stored] = await Promise.all([
    db.submission.findMany({ where: { ...where, status: "SCORED" }, distinct: ["phaseId", "subtaskId"], select }),
    db.storedBoard.findMany({ where, distinct: ["phaseId", "subtaskId"], select }),
  ]);
  const boards = new Map([...scored, ...stored].map((b) => [`${b.phaseId}|${b.subtaskId}`, b]));
  return [...boards.values()];
}
