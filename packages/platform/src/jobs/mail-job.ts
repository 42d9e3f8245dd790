import type { Db } from "@hierboard/db";
import type { JobPayload, JobResult, MailJobData } from "@hierboard/queue";
import type { Mailer } from "../mail/mailer.ts";
import { runMailJob } from "../mail/run-mail-job.ts";
import type { Deferral } from "../notifications/outcome-mails.ts";

export interface MailJobDeps {
  db: Db;
  /** Sends the message; absent (no SMTP server): the job is dropped. */
  mailer?: Mailer;
  /** Puts a mail job back on the queue for later, as one job (a team's "scored" batch). */
  defer(mail: MailJobData, later: Deferral): Promise<void>;
}

/** A mail job: the message written from the database and sent; an SMTP failure is thrown, to be retried. */
export async function mailJob(mail: JobPayload<"mail">, deps: MailJobDeps): Promise<JobResult<"mail">> {
  if (!deps.mailer) return "not sent, mail is off (no SMTP_URL)";
  return runMailJob(deps.db, deps.mailer, mail, { defer: deps.defer });
}
