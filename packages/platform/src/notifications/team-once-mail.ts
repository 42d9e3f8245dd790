import type { Db, NotificationKind } from "@hierboard/db";
import type { Mailer } from "../mail/mailer.ts";
import { activeMembers, claimOnce, listening, memberSelect, notificationMail } from "./notification-mail.ts";

/**
 * One mail of `kind` to each member of a team, at most once for `onceKey`: claimed first (only
 * one of several workers wins), released again when sending fails so that the retry sends it.
 */
export async function mailTeamOnce(
  db: Db,
  mailer: Mailer,
  input: {
    kind: NotificationKind;
    teamId: string;
    onceKey: string;
    content: { subject: string; paragraphs: string[]; link: { label: string; url: string } };
  },
): Promise<number> {
  const claim = await claimOnce(db, input.kind, input.teamId, input.onceKey);
  if (!claim) return 0;
  try {
    const team = await db.team.findUniqueOrThrow({ where: { id: input.teamId }, select: { memberships: { select: memberSelect } } });
    const recipients = await listening(db, activeMembers(team.memberships), input.kind);
    for (const to of recipients) await mailer.send(notificationMail(mailer, to, input.kind, input.content));
    return recipients.length;
  } catch (error) {
    await claim.release();
    throw error;
  }
}
