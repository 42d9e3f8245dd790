import type { Db } from "@hierboard/platform";
import { boardJob } from "@hierboard/platform/jobs";
import type { JobRegistration } from "./job-worker.ts";

/** A board's tie-test job (`board-<phaseId>-<subtaskId>`), enqueued after every stored score. */
export function boardJobRegistration(opts: { db: Db }): JobRegistration<"board"> {
  return {
    run: (payload) => boardJob(payload, opts),
    describe: ({ rows, tested }) => `${rows} ranked rows, ${tested} pair(s) tested`,
  };
}
