import { z } from "zod";

/** Job name of a board job (one per phase and subtask): its tie tests, then the whole board stored. */
export const BOARD_JOB = "board";

/** Payload of a board job: test the changed neighbour pairs of one board, store its ties, then build and store the board of each part. */
export const boardJobSchema = z.object({
  phaseId: z.string().min(1),
  subtaskId: z.string().min(1),
});
export type BoardJobData = z.infer<typeof boardJobSchema>;

/** What a board job returns: the board's ranked rows, how many neighbour pairs it tested, and the boards it stored. */
export interface BoardJobResult {
  rows: number;
  tested: number;
  /** Each part's stored board (`all`, or `public` and `private`) and its rows. */
  stored: { part: string; rows: number }[];
  /** The stored boards' fingerprint was still the board's at the end (false: it kept changing; the repair sweep runs it again). */
  current: boolean;
}

/** `board-<phaseId>-<subtaskId>`: while one is waiting, more enqueues of the same board are no-ops. */
export function boardJobId(phaseId: string, subtaskId: string): string {
  return `board-${phaseId}-${subtaskId}`;
}

/**
 * A board job is removed as soon as it ends, so the next change enqueues a fresh one; the job
 * itself runs again while the board changed under it, and the repair sweep enqueues any board
 * whose stored fingerprint is not the current one. Reads never enqueue.
 */
export const BOARD_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: "exponential", delay: 2_000 },
  removeOnComplete: true,
  removeOnFail: true,
} as const;
