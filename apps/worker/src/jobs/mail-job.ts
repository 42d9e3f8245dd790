import type { Db, Mailer } from "@hierboard/platform";
import { mailJob } from "@hierboard/platform/jobs";
import type { MailJobData } from "@hierboard/queue";
import type { JobRegistration } from "./job-worker.ts";

export interface MailJobOptions {
  db: Db;
  /** Absent (no SMTP_URL): mail jobs are dropped with a log line. */
  mailer?: Mailer;
  /** Puts a mail job on the queue after `delayMs` under a fixed job id. */
  defer(mail: MailJobData, later: { delayMs: number; jobId: string }): Promise<void>;
}

/** A mail job (`mail-<kind>-<uuid>`): written from the database and sent; an SMTP failure is retried with the job's backoff. */
export function mailJobRegistration(opts: MailJobOptions): JobRegistration<"mail"> {
  return {
    run: (payload) => mailJob(payload, opts),
    describe: (outcome) => outcome,
  };
}
