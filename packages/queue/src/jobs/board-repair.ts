import { z } from "zod";

/** Job name of the boards' repair sweep (each worker enqueues it every few minutes). */
export const BOARD_REPAIR_JOB = "board-repair";

/** The sweep needs nothing: it finds the stale boards in the database. */
export const boardRepairJobSchema = z.object({});
export type BoardRepairJobData = z.infer<typeof boardRepairJobSchema>;

/** What a sweep returns: how many board jobs it enqueued. */
export interface BoardRepairJobResult {
  enqueued: number;
}

/** The sweep's fixed job id: one waits however many workers enqueue it, and nothing stays in the queue between sweeps. */
export const BOARD_REPAIR_JOB_ID = "board-repair";

/** A sweep is cheap and runs again soon: a few retries, and nothing kept. */
export const BOARD_REPAIR_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: "exponential", delay: 5_000 },
  removeOnComplete: true,
  removeOnFail: true,
} as const;
