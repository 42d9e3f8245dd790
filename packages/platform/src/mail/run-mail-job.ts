import type { Db } from "@hierboard/db";
import type { MailJobData } from "@hierboard/queue";
import { sendHostRequestAnsweredMail } from "../notifications/host-request-mails.ts";
import { sendJoinRequestMails } from "../notifications/join-request-mails.ts";
import { runOutcomeMails, type Deferral } from "../notifications/outcome-mails.ts";
import { sendPhaseClosingMails } from "../notifications/phase-closing-mails.ts";
import { sendOpenedBoardMails, sendResultsPublishedMails } from "../notifications/results-published-mails.ts";
import { sendTeamDecisionMails } from "../notifications/team-decision-mails.ts";
import { issueAccountLink } from "./account-links.ts";
import type { Mailer } from "./mailer.ts";
import { plainMail, type MailMessage } from "./mail-message.ts";

/** What a mail job did, for the worker's log line (never the address). */
export type MailJobOutcome = "sent" | "no-account" | "nothing-to-send" | "deferred" | `${number} sent`;

export interface MailJobOptions {
  now?: Date;
  /** Puts a mail job back on the queue for later, as one job (a team's "scored" batch). */
  defer(data: MailJobData, later: Deferral): Promise<void>;
}

async function passwordResetMail(db: Db, mailer: Mailer, email: string, now: Date): Promise<MailMessage | null> {
  const user = await db.user.findUnique({ where: { email }, select: { id: true, name: true, email: true, disabledAt: true } });
  if (!user || user.disabledAt) return null;
  const secret = await issueAccountLink(db, user.id, "PASSWORD_RESET", now);
  return plainMail({
    to: user.email,
    subject: "Reset your HierBoard password",
    greeting: `Hello ${user.name},`,
    paragraphs: [
      "Someone (we hope you) asked to reset the password of your HierBoard account.",
      "The link below works once, for one hour. Setting a new password signs you out everywhere and revokes your API tokens.",
      "If you did not ask for this, ignore this mail: your password stays as it is.",
    ],
    link: { label: "Choose a new password", url: `${mailer.publicUrl}/reset-password?token=${secret}` },
  });
}

async function verifyAddressMail(db: Db, mailer: Mailer, userId: string, now: Date): Promise<MailMessage | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { id: true, name: true, email: true, emailVerifiedAt: true } });
  if (!user || user.emailVerifiedAt) return null;
  const secret = await issueAccountLink(db, user.id, "VERIFY_ADDRESS", now);
  return plainMail({
    to: user.email,
    subject: "Confirm your address for HierBoard",
    greeting: `Hello ${user.name},`,
    paragraphs: [
      "Please confirm that this address belongs to your HierBoard account: until then you can browse but not submit runs.",
      "The link below works once, for 48 hours. If you did not make an account, ignore this mail.",
    ],
    link: { label: "Confirm my address", url: `${mailer.publicUrl}/confirm-address?token=${secret}` },
  });
}

/**
 * The work of one mail job: looks up what the message needs, writes it and sends it. A reset
 * for an address without an account (or a disabled one) sends nothing, and nobody but the
 * worker's log learns that.
 */
export async function runMailJob(db: Db, mailer: Mailer, data: MailJobData, opts: MailJobOptions): Promise<MailJobOutcome> {
  const now = opts.now ?? new Date();
  switch (data.kind) {
    case "password-reset": {
      const message = await passwordResetMail(db, mailer, data.email, now);
      if (!message) return "no-account";
      await mailer.send(message);
      return "sent";
    }
    case "verify-address": {
      const message = await verifyAddressMail(db, mailer, data.userId, now);
      if (!message) return "nothing-to-send";
      await mailer.send(message);
      return "sent";
    }
    case "submission-outcome":
    case "team-scored": {
      let deferred = false;
      const job = data.kind === "team-scored" ? { teamId: data.teamId } : { submissionId: data.submissionId };
      const sent = await runOutcomeMails(db, mailer, job, now, async (teamId, later) => {
        deferred = true;
        await opts.defer({ kind: "team-scored", teamId }, later);
      });
      return deferred ? "deferred" : `${sent} sent`;
    }
    case "team-decision":
      return `${await sendTeamDecisionMails(db, mailer, data)} sent`;
    case "join-request":
      return `${await sendJoinRequestMails(db, mailer, data)} sent`;
    case "host-request-answered":
      return `${await sendHostRequestAnsweredMail(db, mailer, data)} sent`;
    case "results-published":
      return `${await sendResultsPublishedMails(db, mailer, data, now)} sent`;
    case "phase-calendar-sweep":
      return `${(await sendPhaseClosingMails(db, mailer, now)) + (await sendOpenedBoardMails(db, mailer, now))} sent`;
  }
}
