// An organiser's decision about a team, mailed to its members with the reason as written:
// approved, refused (a ban: refused registration, or no more submissions), disqualified.
import type { Db, NotificationKind } from "@hierboard/db";
import type { Mailer } from "../mail/mailer.ts";
import { activeMembers, listening, memberSelect, notificationMail } from "./notification-mail.ts";

export type TeamDecision = "approved" | "refused" | "disqualified";

const KIND: Record<TeamDecision, NotificationKind> = {
  approved: "TEAM_APPROVED",
  refused: "TEAM_REFUSED",
  disqualified: "TEAM_DISQUALIFIED",
};

function reasonLine(reason: string): string[] {
  return reason.trim() ? [`The organisers' reason: ${reason.trim()}`] : [];
}

/** The members of the team who have this decision's kind on; sends nothing for a team that is gone. */
export async function sendTeamDecisionMails(
  db: Db,
  mailer: Mailer,
  job: { teamId: string; decision: TeamDecision; reason: string },
): Promise<number> {
  const team = await db.team.findUnique({
    where: { id: job.teamId },
    select: { name: true, approvedAt: true, memberships: { select: memberSelect }, task: { select: { slug: true, title: true } } },
  });
  if (!team) return 0;
  const kind = KIND[job.decision];
  const { task } = team;
  const taskUrl = `${mailer.publicUrl}/tasks/${task.slug}`;
  const content = {
    approved: {
      subject: `Your team ${team.name} was approved for ${task.title}`,
      paragraphs: [`The organisers of ${task.title} approved your team ${team.name}: it can submit runs now.`, ...reasonLine(job.reason)],
      link: { label: "Your team's page", url: `${taskUrl}/team` },
    },
    refused: {
      subject: team.approvedAt
        ? `Your team ${team.name} was banned from ${task.title}`
        : `Your team ${team.name} was refused for ${task.title}`,
      paragraphs: [
        team.approvedAt
          ? `The organisers of ${task.title} banned your team ${team.name}: it cannot submit runs any more. Runs it made stay as they are.`
          : `The organisers of ${task.title} refused the registration of your team ${team.name}: it cannot submit runs.`,
        ...reasonLine(job.reason),
        "If you think this is a mistake, write to the task's organisers.",
      ],
      link: { label: "The task", url: taskUrl },
    },
    disqualified: {
      subject: `Your team ${team.name} was disqualified from ${task.title}`,
      paragraphs: [
        `The organisers of ${task.title} disqualified your team ${team.name}: its runs no longer appear on the task's boards.`,
        ...reasonLine(job.reason),
        "If you think this is a mistake, write to the task's organisers.",
      ],
      link: { label: "The task", url: taskUrl },
    },
  }[job.decision];
  const recipients = await listening(db, activeMembers(team.memberships), kind);
  for (const to of recipients) await mailer.send(notificationMail(mailer, to, kind, content));
  return recipients.length;
}
