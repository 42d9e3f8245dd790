import { withShownPart } from "../gold-split/with-shown-part.ts";
// The mails of a scoring outcome: "scored" to the team's members (batched: at most one per team
// per 10 minutes, later runs folded into the next), "failed" to them and to the task's organisers.
import type { Db } from "@hierboard/db";
import { lockRow } from "../access/lock-row.ts";
import { resultsVisibility } from "../phases/results-visibility.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { MailMessage } from "../mail/mail-message.ts";
import { activeMembers, claimOnce, listening, memberSelect, notificationMail, sendClaimed } from "./notification-mail.ts";

/** At most one "scored" mail per team in this window. */
export const SCORED_BATCH_MS = 10 * 60 * 1000;

/** A deferred batch: run the team's "scored" job again after `delayMs`, as the one job `jobId`. */
export interface Deferral {
  delayMs: number;
  jobId: string;
}

/** A failed submission: its team's members and the task's organisers are told the reason, once. */
async function sendFailedMails(db: Db, mailer: Mailer, submissionId: string): Promise<number> {
  const s = await db.submission.findUnique({
    where: { id: submissionId },
    select: {
      id: true,
      status: true,
      fileName: true,
      errorMessage: true,
      isBaseline: true,
      team: { select: { name: true, memberships: { select: memberSelect } } },
      subtask: { select: { name: true } },
      phase: { select: { name: true, task: { select: { slug: true, title: true, owners: { select: memberSelect } } } } },
    },
  });
  if (s?.status !== "FAILED" || s.isBaseline || !s.team) return 0;
  const claim = await claimOnce(db, "SUBMISSION_FAILED", s.id, `SUBMISSION_FAILED:${s.id}`);
  if (!claim) return 0;
  const task = s.phase.task;
  const where = `${task.title} (${s.subtask.name}, ${s.phase.name})`;
  const reason = s.errorMessage ?? "no reason was recorded";
  const team = await listening(db, activeMembers(s.team.memberships), "SUBMISSION_FAILED");
  const organisers = await listening(db, activeMembers(task.owners), "ORGANISER_SUBMISSION_FAILED");
  const mails = [
    ...team.map((to) =>
      notificationMail(mailer, to, "SUBMISSION_FAILED", {
        subject: `Your run ${s.fileName} failed to score`,
        paragraphs: [`Your team's run ${s.fileName} for ${where} could not be scored.`, `The reason: ${reason}`],
        link: { label: "The run", url: `${mailer.publicUrl}/tasks/${task.slug}/submissions/${s.id}` },
      }),
    ),
    ...organisers.map((to) =>
      notificationMail(mailer, to, "ORGANISER_SUBMISSION_FAILED", {
        subject: `A submission by ${s.team!.name} failed to score`,
        paragraphs: [`The run ${s.fileName} of team ${s.team!.name} for ${where} could not be scored.`, `The reason: ${reason}`],
        link: { label: "The task's submissions", url: `${mailer.publicUrl}/organise/${task.slug}/submissions` },
      }),
    ),
  ];
  return sendClaimed(mailer, mails, claim);
}

/** A team's runs scored after `since`, up to `now` (a window of one "scored" mail; the next starts at `now`). */
function scoredRunsWhere(teamId: string, since: Date, now: Date) {
  return { teamId, status: "SCORED" as const, isBaseline: false, finishedAt: { gt: since, lte: now } };
}

/**
 * The team's runs scored since its last "scored" mail, as one mail per member. Within 10 minutes
 * of the last one nothing is sent: the caller runs the job again when the window is over
 * (`deferral`), and that mail then lists every run scored meanwhile and says so.
 */
async function teamScoredMails(
  db: Db,
  mailer: Mailer,
  teamId: string,
  now: Date,
): Promise<{ mails: MailMessage[]; deferral?: Deferral; release?: () => Promise<void> }> {
  const batch = await db.$transaction(async (tx) => {
    await lockRow(tx, "Team", teamId);
    const last = await tx.sentNotification.findFirst({ where: { kind: "SUBMISSION_SCORED", key: teamId }, orderBy: { sentAt: "desc" } });
    if (last && now.getTime() - last.sentAt.getTime() < SCORED_BATCH_MS) {
      return {
        deferral: { delayMs: last.sentAt.getTime() + SCORED_BATCH_MS - now.getTime(), jobId: `mail-team-scored-${teamId}-${last.id}` },
      };
    }
    // Counted here, read below: a query with nested relations runs several statements at once,
    // which one transaction's connection must not be asked to do.
    const since = last?.sentAt ?? new Date(now.getTime() - SCORED_BATCH_MS);
    const scored = await tx.submission.count({ where: scoredRunsWhere(teamId, since, now) });
    if (scored === 0) return { since };
    const sent = await tx.sentNotification.create({ data: { kind: "SUBMISSION_SCORED", key: teamId, sentAt: now } });
    return { since, sentId: sent.id };
  });
  if (batch.deferral) return { mails: [], deferral: batch.deferral };
  if (batch.sentId === undefined) return { mails: [] };
  const runs = await db.submission.findMany({
    where: scoredRunsWhere(teamId, batch.since, now),
    orderBy: { finishedAt: "asc" },
    select: {
      id: true,
      fileName: true,
      subtask: { select: { name: true, primaryMeasure: true } },
      phase: {
        select: {
          name: true,
          visibility: true,
          blind: true,
          endsAt: true,
          resultsPublishedAt: true,
          publicFraction: true,
          task: { select: { slug: true, title: true } },
        },
      },
      scoreSets: { orderBy: { goldVersion: "desc" }, select: { part: true, scores: { select: { measure: true, value: true } } } },
    },
  });
  const team = await db.team.findUniqueOrThrow({ where: { id: teamId }, select: { memberships: { select: memberSelect } } });
  const lines = runs.map((found) => {
    const run = withShownPart(found, now);
    const where = `${run.phase.task.title} (${run.subtask.name}, ${run.phase.name})`;
    const primary = run.scoreSets[0]?.scores.find((score) => score.measure === run.subtask.primaryMeasure);
    const shown = resultsVisibility(run.phase, now).teamSeesScores;
    const score = !shown
      ? "its scores stay hidden until the organisers publish the results"
      : primary?.value == null
        ? `${run.subtask.primaryMeasure} is undefined for it`
        : `${run.subtask.primaryMeasure} = ${primary.value.toFixed(4)}`;
    return {
      text: `${run.fileName} for ${where}: ${score}.`,
      url: `${mailer.publicUrl}/tasks/${run.phase.task.slug}/submissions/${run.id}`,
    };
  });
  const first = lines[0]!;
  const many = lines.length > 1;
  const paragraphs = many
    ? [
        `${lines.length} runs of your team were scored since our last mail (we send at most one such mail per team every 10 minutes):`,
        ...lines.map((l) => `${l.text} ${l.url}`),
      ]
    : [`Your team's run ${first.text}`];
  const recipients = await listening(db, activeMembers(team.memberships), "SUBMISSION_SCORED");
  const mails = recipients.map((to) =>
    notificationMail(mailer, to, "SUBMISSION_SCORED", {
      subject: many ? `${lines.length} runs of your team were scored` : `Your run was scored: ${runs[0]!.fileName}`,
      paragraphs,
      link: { label: many ? "The latest run" : "The run", url: lines.at(-1)!.url },
    }),
  );
  const sentId = batch.sentId!;
  return { mails, release: () => db.sentNotification.delete({ where: { id: sentId } }).then(() => undefined) };
}

/**
 * A submission's outcome mail job: "failed" mails at once (once per submission), "scored" through
 * its team's batch. `defer` puts the team's batch job back on the queue for later.
 */
export async function runOutcomeMails(
  db: Db,
  mailer: Mailer,
  job: { submissionId: string } | { teamId: string },
  now: Date,
  defer: (teamId: string, deferral: Deferral) => Promise<void>,
): Promise<number> {
  let teamId: string;
  if ("submissionId" in job) {
    const s = await db.submission.findUnique({ where: { id: job.submissionId }, select: { status: true, teamId: true } });
    if (!s?.teamId) return 0;
    if (s.status === "FAILED") return sendFailedMails(db, mailer, job.submissionId);
    if (s.status !== "SCORED") return 0;
    teamId = s.teamId;
  } else {
    teamId = job.teamId;
  }
  const { mails, deferral, release } = await teamScoredMails(db, mailer, teamId, now);
  if (deferral) {
    await defer(teamId, deferral);
    return 0;
  }
  try {
    return await sendAll(mailer, mails);
  } catch (error) {
    // Not sent: the batch is not recorded, so the retry sends it.
    await release?.();
    throw error;
  }
}

async function sendAll(mailer: Mailer, mails: MailMessage[]): Promise<number> {
  for (const mail of mails) await mailer.send(mail);
  return mails.length;
}
