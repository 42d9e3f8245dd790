// The "closes in 24 hours" reminder, run by a repeatable job: every team that may submit to a phase
// closing within the next 24 hours is reminded once per phase and deadline (a moved deadline is a
// new one, and reminds again).
import type { Db } from "@hierboard/db";
import { formatUtc } from "../context/format-utc.ts";
import type { Mailer } from "../mail/mailer.ts";
import { mailTeamsOnce } from "./team-once-mail.ts";

/** How long before a phase's end its reminder goes out. */
export const PHASE_CLOSING_NOTICE_MS = 24 * 60 * 60 * 1000;

/** The once-key of a team's reminder: the phase, its deadline and the team. */
export function phaseClosingKey(phaseId: string, endsAt: Date, teamId: string): string {
  return `PHASE_CLOSING:${phaseId}:${endsAt.toISOString()}:${teamId}`;
}

function hoursLeft(endsAt: Date, now: Date): string {
  const hours = Math.max(1, Math.round((endsAt.getTime() - now.getTime()) / 3_600_000));
  return hours === 1 ? "about an hour" : `about ${hours} hours`;
}

/**
 * The sweep: phases of published tasks (not archived) that end within 24 hours of `now`, and the
 * teams that may submit to them (approved, neither banned nor disqualified). Teams reminded of
 * this deadline before are skipped; two sweeps at the same time send each reminder once.
 */
export async function sendPhaseClosingMails(db: Db, mailer: Mailer, now: Date): Promise<number> {
  const phases = await db.phase.findMany({
    where: {
      archivedAt: null,
      endsAt: { gt: now, lte: new Date(now.getTime() + PHASE_CLOSING_NOTICE_MS) },
      task: { status: "PUBLISHED" },
    },
    select: { id: true, key: true, name: true, endsAt: true, taskId: true, task: { select: { slug: true, title: true } } },
    orderBy: { endsAt: "asc" },
  });
  let sent = 0;
  for (const phase of phases) {
    const teams = await db.team.findMany({
      where: { taskId: phase.taskId, approvedAt: { not: null }, bannedAt: null, disqualifiedAt: null },
      select: { id: true },
      orderBy: { createdAt: "asc" },
    });
    const { task } = phase;
    const content = {
      subject: `${task.title}: ${phase.name} closes ${formatUtc(phase.endsAt)}`,
      paragraphs: [
        `The phase ${phase.name} of ${task.title} closes at ${formatUtc(phase.endsAt)}, in ${hoursLeft(phase.endsAt, now)}.`,
        "Runs submitted after that are not accepted. We send this reminder once per phase and deadline.",
      ],
      link: { label: "Your team's page", url: `${mailer.publicUrl}/tasks/${task.slug}/team` },
    };
    sent += await mailTeamsOnce(
      db,
      mailer,
      "PHASE_CLOSING",
      teams.map((t) => ({ teamId: t.id, onceKey: phaseClosingKey(phase.id, phase.endsAt, t.id) })),
      content,
    );
  }
  return sent;
}
