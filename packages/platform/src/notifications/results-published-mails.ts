// A phase's results are published: the organisers' "Publish results", or the end of a private phase
// (its board opens to everyone then). Every team that submitted a run to the phase is told, once per
// phase, whichever of the two comes first.
import type { Db } from "@hierboard/db";
import type { Mailer } from "../mail/mailer.ts";
import { resultsVisibility } from "../phases/results-visibility.ts";
import { mailTeamsOnce } from "./team-once-mail.ts";

/** How long after its end a private phase's opened board is still mailed (older ones never are). */
export const OPENED_BOARD_NOTICE_MS = 24 * 60 * 60 * 1000;

/**
 * Mails the members of each team with a run in the phase; nothing for a phase whose results are
 * not public at `now`, or a public phase the organisers did not publish (its board was public all along).
 */
export async function sendResultsPublishedMails(db: Db, mailer: Mailer, job: { phaseId: string }, now: Date): Promise<number> {
  const phase = await db.phase.findUnique({
    where: { id: job.phaseId },
    select: {
      id: true,
      key: true,
      name: true,
      visibility: true,
      blind: true,
      endsAt: true,
      resultsPublishedAt: true,
      task: { select: { slug: true, title: true } },
    },
  });
  if (!phase || !resultsVisibility(phase, now).boardPublic) return 0;
  if (phase.visibility === "PUBLIC" && !phase.blind && !phase.resultsPublishedAt) return 0;
  const teams = await db.team.findMany({
    where: { submissions: { some: { phaseId: phase.id, isBaseline: false } } },
    select: { id: true },
    orderBy: { createdAt: "asc" },
  });
  const { task } = phase;
  return mailTeamsOnce(
    db,
    mailer,
    "RESULTS_PUBLISHED",
    teams.map((t) => ({ teamId: t.id, onceKey: `RESULTS_PUBLISHED:${phase.id}:${t.id}` })),
    {
      subject: `Results of ${task.title} (${phase.name}) are published`,
      paragraphs: [
        `The results of the phase ${phase.name} of ${task.title} are published: its board and every team's scores are public now.`,
      ],
      link: { label: "The board", url: `${mailer.publicUrl}/tasks/${task.slug}?phase=${encodeURIComponent(phase.key)}` },
    },
  );
}

/** The sweep's part: private phases (not blind) of published tasks that ended within the last 24 hours. */
export async function sendOpenedBoardMails(db: Db, mailer: Mailer, now: Date): Promise<number> {
  const phases = await db.phase.findMany({
    where: {
      visibility: "PRIVATE",
      blind: false,
      archivedAt: null,
      endsAt: { lte: now, gt: new Date(now.getTime() - OPENED_BOARD_NOTICE_MS) },
      task: { status: "PUBLISHED" },
    },
    select: { id: true },
    orderBy: { endsAt: "asc" },
  });
  let sent = 0;
  for (const phase of phases) sent += await sendResultsPublishedMails(db, mailer, { phaseId: phase.id }, now);
  return sent;
}
