import type { Db } from "@hierboard/platform";
import { boardJob } from "@hierboard/platform/jobs";
import type { JobRegistration } from "./job-worker.ts";

/** A board job (`board-<phaseId>-<subtaskId>`): its tie tests, then each part's board stored; enqueued after every score and every write that changes a board. */
export function boardJobRegistration(opts: { db: Db }): JobRegistration<"board"> {
  return {
    run: (payload) => boardJob(payload, opts),
    describe: ({ rows, tested, stored, current }) =>
      `${rows} ranked rows, ${tested} pair(s) tested, stored ${stored.map((b) => `${b.part} (${b.rows} rows)`).join(", ")}${current ? "" : ", changed meanwhile"}`,
  };
}
