// Mail is never sent on a request thread: a request enqueues a mail job, and the worker looks up
// what it needs, writes the message and hands it to the SMTP server (retried when that fails).
import { randomUUID } from "node:crypto";
import { z } from "zod";

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
  /** An organiser approved, refused (banned) or disqualified a team: its members are told, with the reason as written. */
  z.object({
    kind: z.literal("team-decision"),
    teamId: z.string().min(1),
    decision: z.enum(["approved", "refused", "disqualified"]),
    reason: z.string().max(1000),
  }),
  /** A team registered in a task that needs approval: the task's organisers are told. */
  z.object({ kind: z.literal("join-request"), teamId: z.string().min(1) }),
  /** An admin answered a request to host: the requester is told. */
  z.object({ kind: z.literal("host-request-answered"), requestId: z.string().min(1) }),
  /** A phase's results were published: the members of every team that took part are told, once. */
  z.object({ kind: z.literal("results-published"), phaseId: z.string().min(1) }),
  /**
   * The repeatable sweep of the phases' calendar: every team of a phase that closes within 24 hours
   * is reminded (once per deadline), and a private phase whose board opened at its end counts as published.
   */
  z.object({ kind: z.literal("phase-calendar-sweep") }),
]);
export type MailJobData = z.infer<typeof mailJobSchema>;

/** What a mail job returns: what it did, for the log line (never an address). */
export type MailJobResult = string;

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

/** The id of the job scheduler that runs the phases' calendar sweep. */
export const PHASE_CALENDAR_SCHEDULER = "phase-calendar-sweep";
