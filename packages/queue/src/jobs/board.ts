import { z } from "zod";

/** Job name of a board's tie-test job (one per phase and subtask). */
export const BOARD_JOB = "board";

/** Payload of a board job: test the changed neighbour pairs of one board and store its ties. */
export const boardJobSchema = z.object({
  phaseId: z.string().min(1),
  subtaskId: z.string().min(1),
});
export type BoardJobData = z.infer<typeof boardJobSchema>;

/** What a board job returns: the board's ranked rows and how many neighbour pairs it tested. */
export interface BoardJobResult {
  rows: number;
  tested: number;
}

/** `board-<phaseId>-<subtaskId>`: while one is waiting, more enqueues of the same board are no-ops. */
export function boardJobId(phaseId: string, subtaskId: string): string {
  return `board-${phaseId}-${subtaskId}`;
}

/**
 * A board job is removed as soon as it ends, so the next score enqueues a fresh one; the job
 * itself runs again while the ranking changed under it, and a board read that finds an untested
 * pair enqueues it too, so no score is left without its test.
 */
export const BOARD_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: "exponential", delay: 2_000 },
  removeOnComplete: true,
  removeOnFail: true,
} as const;
