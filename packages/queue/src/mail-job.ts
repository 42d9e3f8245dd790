// Mail is never sent on a request thread: a request enqueues a mail job, and the worker looks up
// what it needs, writes the message and hands it to the SMTP server (retried when that fails).
import { randomUUID } from "node:crypto";
import type { Queue } from "bullmq";
import { z } from "zod";
import type { ScoringQueue } from "./scoring-queue.ts";

/** Job name of a mail job (one message, or none: a reset for an unknown address sends nothing). */
export const MAIL_JOB = "mail";

/** Payload of a mail job: what happened; the worker reads the rest from the database. */
export const mailJobSchema = z.discriminatedUnion("kind", [
  /** A password reset was asked for this address; a link is mailed only if it has an account. */
  z.object({ kind: z.literal("password-reset"), email: z.string().min(1).max(320) }),
  /** An account asked for (another) link to confirm its address. */
  z.object({ kind: z.literal("verify-address"), userId: z.string().min(1) }),
  /** A submission was scored or failed for good: its team (and, on a failure, its organisers) are told. */
  z.object({ kind: z.literal("submission-outcome"), submissionId: z.string().min(1) }),
  /** The team's runs scored since its last "scored" mail, at most one such mail per team per 10 minutes. */
  z.object({ kind: z.literal("team-scored"), teamId: z.string().min(1) }),
]);
export type MailJobData = z.infer<typeof mailJobSchema>;

/** `mail-<kind>-<uuid>`: every request is its own message (requests are rate-limited where they come in). */
export function mailJobId(data: MailJobData): string {
  return `mail-${data.kind}-${randomUUID()}`;
}

/**
 * Retries with exponential backoff (5 s … 80 s) while the SMTP server is away. A finished job is
 * removed at once (its payload names an address); a failed one is kept for a week to be looked at.
 */
export const MAIL_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: "exponential", delay: 5_000 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/**
 * Adds one mail job to the queue the worker runs; `later` runs it after `delayMs` under a fixed
 * `jobId`, so a batch waits as one job however many events ask for it.
 */
export async function enqueueMail(queue: ScoringQueue, mail: MailJobData, later?: { delayMs: number; jobId: string }): Promise<void> {
  const data = mailJobSchema.parse(mail);
  await (queue as unknown as Queue<MailJobData, void, string>).add(MAIL_JOB, data, {
    ...MAIL_JOB_OPTIONS,
    jobId: later?.jobId ?? mailJobId(data),
    ...(later ? { delay: later.delayMs } : {}),
  });
}
