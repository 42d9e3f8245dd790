import { addJob, type ScoringQueue } from "./scoring-queue.ts";
import { MAIL_JOB, mailJobId, mailJobSchema, PHASE_CALENDAR_SCHEDULER, type MailJobData } from "./jobs/mail.ts";

/**
 * Adds one mail job to the queue the worker runs; `later` runs it after `delayMs` under a fixed
 * `jobId`, so a batch waits as one job however many events ask for it.
 */
export async function enqueueMail(queue: ScoringQueue, mail: MailJobData, later?: { delayMs: number; jobId: string }): Promise<void> {
  await addJob(queue, MAIL_JOB, mail, (data) => ({ jobId: later?.jobId ?? mailJobId(data), ...(later ? { delay: later.delayMs } : {}) }));
}

/**
 * Runs the phases' calendar sweep ("closes in 24 hours", a private board opened) every `everyMs`
 * (one BullMQ job scheduler: every worker may call this at start, and there is still one sweep per
 * interval). The sweep records every mail it sends, so an extra run sends nothing twice.
 */
export async function schedulePhaseCalendarSweep(queue: ScoringQueue, everyMs: number): Promise<void> {
  const data = mailJobSchema.parse({ kind: "phase-calendar-sweep" });
  await queue.upsertJobScheduler(
    PHASE_CALENDAR_SCHEDULER,
    { every: everyMs },
    {
      name: MAIL_JOB,
      data,
      opts: { attempts: 3, backoff: { type: "exponential", delay: 5_000 }, removeOnComplete: true, removeOnFail: { age: 7 * 24 * 3600 } },
    },
  );
}
