// A team registered in a task that needs approval: the task's organisers are asked to decide.
import type { Db } from "@hierboard/db";
import type { Mailer } from "../mail/mailer.ts";
import { activeMembers, listening, memberSelect, notificationMail } from "./notification-mail.ts";

/** Mails the organisers of the team's task; nothing when the team is gone or was decided on meanwhile. */
export async function sendJoinRequestMails(db: Db, mailer: Mailer, job: { teamId: string }): Promise<number> {
  const team = await db.team.findUnique({
    where: { id: job.teamId },
    select: {
      name: true,
      approvedAt: true,
      bannedAt: true,
      memberships: { select: { user: { select: { name: true } } } },
      task: { select: { slug: true, title: true, owners: { select: memberSelect } } },
    },
  });
  if (!team || team.approvedAt || team.bannedAt) return 0;
  const { task } = team;
  const members = team.memberships.map((m) => m.user.name).join(", ");
  const recipients = await listening(db, activeMembers(task.owners), "ORGANISER_JOIN_REQUEST");
  for (const to of recipients) {
    await mailer.send(
      notificationMail(mailer, to, "ORGANISER_JOIN_REQUEST", {
        subject: `Team ${team.name} asks to join ${task.title}`,
        paragraphs: [
          `The team ${team.name} (${members}) registered in ${task.title} and waits for your approval before it can submit.`,
          "Approve it, or refuse it with a reason, on the task's participants page.",
        ],
        link: { label: "Participants", url: `${mailer.publicUrl}/organise/${task.slug}/participants` },
      }),
    );
  }
  return recipients.length;
}
