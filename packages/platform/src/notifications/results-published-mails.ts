// The organisers published a phase's results ("Publish results"): every team that submitted a run
// to the phase is told, once per phase.
import type { Db } from "@hierboard/db";
import type { Mailer } from "../mail/mailer.ts";
import { mailTeamOnce } from "./team-once-mail.ts";

/** Mails the members of each team with a run in the phase; nothing for a phase whose results are not published. */
export async function sendResultsPublishedMails(db: Db, mailer: Mailer, job: { phaseId: string }): Promise<number> {
  const phase = await db.phase.findUnique({
    where: { id: job.phaseId },
    select: { id: true, key: true, name: true, resultsPublishedAt: true, task: { select: { slug: true, title: true } } },
  });
  if (!phase?.resultsPublishedAt) return 0;
  const teams = await db.team.findMany({
    where: { submissions: { some: { phaseId: phase.id, isBaseline: false } } },
    select: { id: true },
    orderBy: { createdAt: "asc" },
  });
  const { task } = phase;
  const content = {
    subject: `Results of ${task.title} (${phase.name}) are published`,
    paragraphs: [
      `The organisers of ${task.title} published the results of the phase ${phase.name}: its board and every team's scores are public now.`,
    ],
    link: { label: "The board", url: `${mailer.publicUrl}/tasks/${task.slug}?phase=${encodeURIComponent(phase.key)}` },
  };
  let sent = 0;
  for (const team of teams) {
    sent += await mailTeamOnce(db, mailer, {
      kind: "RESULTS_PUBLISHED",
      teamId: team.id,
      onceKey: `RESULTS_PUBLISHED:${phase.id}:${team.id}`,
      content,
    });
  }
  return sent;
}
