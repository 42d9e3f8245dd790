import type { Db } from "@hierboard/db";

/** The board (phase and subtask) a submission is ranked on, or undefined when there is no such submission. */
export async function submissionBoard(db: Db, submissionId: string): Promise<{ phaseId: string; subtaskId: string } | undefined> {
  const board = await db.submission.findUnique({ where: { id: submissionId }, select: { phaseId: true, subtaskId: true } });
  return board ?? undefined;
}
