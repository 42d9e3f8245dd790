import type { Db } from "@hierboard/platform";
import { boardRepairJob } from "@hierboard/platform/jobs";
import type { BoardJobData } from "@hierboard/queue";
import type { JobRegistration } from "./job-worker.ts";

/** The boards' repair sweep (job `board-repair`, enqueued by each worker every `WORKER_BOARD_REPAIR_EVERY_MS`): the board job of every stale or missing stored board. */
export function boardRepairJobRegistration(opts: {
  db: Db;
  enqueueBoard(board: BoardJobData): Promise<void>;
}): JobRegistration<"board-repair"> {
  return {
    run: (payload) => boardRepairJob(payload, opts),
    describe: ({ enqueued }) => `${enqueued} stale board(s) enqueued`,
  };
}
