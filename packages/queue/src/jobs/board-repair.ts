import { z } from "zod";

/** Job name of the boards' repair sweep (a job scheduler runs it every few minutes). */
export const BOARD_REPAIR_JOB = "board-repair";

/** The sweep needs nothing: it finds the stale boards in the database. */
export const boardRepairJobSchema = z.object({});
export type BoardRepairJobData = z.infer<typeof boardRepairJobSchema>;

/** What a sweep returns: how many board jobs it enqueued. */
export interface BoardRepairJobResult {
  enqueued: number;
}

/** The id of the job scheduler that runs the sweep (one per queue, however many workers start it). */
export const BOARD_REPAIR_SCHEDULER = "board-repair-sweep";

/** A sweep is cheap and runs again soon: a few retries, and nothing kept. */
export const BOARD_REPAIR_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: "exponential", delay: 5_000 },
  removeOnComplete: true,
  removeOnFail: true,
} as const;
