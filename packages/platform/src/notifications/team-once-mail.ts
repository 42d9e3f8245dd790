import type { Db, NotificationKind } from "@hierboard/db";
import type { Mailer } from "../mail/mailer.ts";
import { activeMembers, claimOnce, listening, memberSelect, notificationMail } from "./notification-mail.ts";

type Content = { subject: string; paragraphs: string[]; link: { label: string; url: string } };

/**
 * One mail of `kind` to each member of a team, at most once for `onceKey`: claimed first (only
 * one of several workers wins), released again when sending fails so that the retry sends it.
 */
async function mailTeamOnce(db: Db, mailer: Mailer, kind: NotificationKind, team: { teamId: string; onceKey: string }, content: Content) {
  const claim = await claimOnce(db, kind, team.teamId, team.onceKey);
  if (!claim) return 0;
  try {
    const { memberships } = await db.team.findUniqueOrThrow({
      where: { id: team.teamId },
      select: { memberships: { select: memberSelect } },
    });
    const recipients = await listening(db, activeMembers(memberships), kind);
    for (const to of recipients) await mailer.send(notificationMail(mailer, to, kind, content));
    return recipients.length;
  } catch (error) {
    await claim.release();
    throw error;
  }
}

/**
 * `mailTeamOnce` for each team whose `onceKey` is not recorded yet (those are skipped without a
 * write, so a sweep that runs every few minutes stays cheap). Returns the number of mails sent.
 */
export async function mailTeamsOnce(
  db: Db,
  mailer: Mailer,
  kind: NotificationKind,
  teams: { teamId: string; onceKey: string }[],
  content: Content,
): Promise<number> {
  const done = new Set(
    (await db.sentNotification.findMany({ where: { onceKey: { in: teams.map((t) => t.onceKey) } }, select: { onceKey: true } })).map(
      (r) => r.onceKey,
    ),
  );
  let sent = 0;
  for (const team of teams.filter((t) => !done.has(t.onceKey))) sent += await mailTeamOnce(db, mailer, kind, team, content);
  return sent;
}
