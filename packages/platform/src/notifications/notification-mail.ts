// What every notification mail shares: who gets it (members who have not switched its kind off),
// its footer with the one-click unsubscribe link, and the "at most once" record.
import type { Db, NotificationKind } from "@hierboard/db";
import { isUniqueViolation } from "../errors/is-unique-violation.ts";
import type { Mailer } from "../mail/mailer.ts";
import { plainMail, type MailMessage } from "../mail/mail-message.ts";
import { NOTIFICATIONS } from "./notification-kinds.ts";
import { unsubscribePath } from "./unsubscribe-token.ts";

export interface Recipient {
  id: string;
  name: string;
  email: string;
}

/** The recipients who have not switched `kind` off. */
export async function listening(db: Db, users: Recipient[], kind: NotificationKind): Promise<Recipient[]> {
  const muted = new Set(
    (await db.mutedNotification.findMany({ where: { kind, userId: { in: users.map((u) => u.id) } }, select: { userId: true } })).map(
      (m) => m.userId,
    ),
  );
  return users.filter((u) => !muted.has(u.id));
}

/** A notification in plain words, with the footer that names its switch and the one-click unsubscribe link. */
export function notificationMail(
  mailer: Mailer,
  to: Recipient,
  kind: NotificationKind,
  content: { subject: string; paragraphs: string[]; link: { label: string; url: string } },
): MailMessage {
  const unsubscribeUrl = `${mailer.publicUrl}${unsubscribePath(mailer.signingSecret, to.id, kind)}`;
  const label = NOTIFICATIONS.find((n) => n.kind === kind)?.label ?? kind;
  return plainMail({
    to: to.email,
    subject: content.subject,
    greeting: `Hello ${to.name},`,
    paragraphs: content.paragraphs,
    link: content.link,
    footer: [
      `You get this mail because "${label}" is on for your account.`,
      `Switch it off with one click: ${unsubscribeUrl}`,
      `All mail settings: ${mailer.publicUrl}/profile`,
    ],
    unsubscribeUrl,
  });
}

/** The select of a membership (or task ownership) that `activeMembers` reads. */
export const memberSelect = { user: { select: { id: true, name: true, email: true, disabledAt: true } } } as const;

/** The members whose accounts are not disabled. */
export function activeMembers(memberships: { user: Recipient & { disabledAt: Date | null } }[]): Recipient[] {
  return memberships.filter((m) => !m.user.disabledAt).map(({ user }) => ({ id: user.id, name: user.name, email: user.email }));
}

/**
 * Records that the mail `onceKey` of `kind` goes out, unless it went out already: true for the one
 * caller that claimed it (the key is unique, so of two workers at the same time only one wins).
 * `release` undoes a claim whose mail could not be sent, so that the retry sends it.
 */
export async function claimOnce(
  db: Db,
  kind: NotificationKind,
  key: string,
  onceKey: string,
): Promise<{ release(): Promise<void> } | null> {
  try {
    const row = await db.sentNotification.create({ data: { kind, key, onceKey } });
    return {
      async release() {
        await db.sentNotification.delete({ where: { id: row.id } });
      },
    };
  } catch (error) {
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** Sends `mails` one after the other; when one fails, `release`s the claim and throws (the job is retried). */
export async function sendClaimed(mailer: Mailer, mails: MailMessage[], claim: { release(): Promise<void> }): Promise<number> {
  try {
    for (const mail of mails) await mailer.send(mail);
    return mails.length;
  } catch (error) {
    await claim.release();
    throw error;
  }
}
