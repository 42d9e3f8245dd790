import type { DbTx } from "@hierboard/db";

/** Boards are cached by their phase's `updatedAt`: a change to who counts rebuilds every board of the task. */
export async function touchTaskBoards(tx: DbTx, taskId: string, now: Date): Promise<void> {
  await tx.phase.updateMany({ where: { taskId }, data: { updatedAt: now } });
}
