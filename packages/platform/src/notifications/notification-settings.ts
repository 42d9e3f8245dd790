import { z } from "zod";
import { requireUser } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { isNotificationKind, type NotificationGroup, NOTIFICATIONS, type NotificationKind } from "./notification-kinds.ts";
import { validUnsubscribeSignature } from "./unsubscribe-token.ts";

const kindSchema = z.string().refine(isNotificationKind, {
  message: `Expected one of ${NOTIFICATIONS.map((n) => n.kind).join(", ")}.`,
}) as unknown as z.ZodType<NotificationKind>;

export const setNotificationInput = z.object({ userId: z.string().min(1), kind: kindSchema, enabled: z.boolean() });

/** The account's switches: every kind, on unless switched off. Organiser-only kinds only for organisers and admins. */
export async function listNotificationSettings(
  input: { userId: string },
  ctx: PlatformContext = platformContext(),
): Promise<{ kind: NotificationKind; group: NotificationGroup; label: string; description: string; enabled: boolean }[]> {
  const user = await requireUser(ctx.db, input.userId);
  const muted = new Set((await ctx.db.mutedNotification.findMany({ where: { userId: user.id } })).map((m) => m.kind));
  return NOTIFICATIONS.filter((n) => !n.organisers || user.role !== "PARTICIPANT").map((n) => ({
    kind: n.kind,
    group: n.group,
    label: n.label,
    description: n.description,
    enabled: !muted.has(n.kind),
  }));
}

/** Switches one kind of mail on or off for the account (idempotent). */
export async function setNotification(
  input: z.input<typeof setNotificationInput>,
  ctx: PlatformContext = platformContext(),
): Promise<void> {
  const data = setNotificationInput.parse(input);
  await requireUser(ctx.db, data.userId);
  if (data.enabled) await ctx.db.mutedNotification.deleteMany({ where: { userId: data.userId, kind: data.kind } });
  else
    await ctx.db.mutedNotification.upsert({
      where: { userId_kind: { userId: data.userId, kind: data.kind } },
      update: {},
      create: { userId: data.userId, kind: data.kind },
    });
}

/**
 * The one-click unsubscribe link of a mail, without signing in: switches `kind` off for `userId`
 * when the signature is right (INVALID_TOKEN otherwise, nothing changed). Returns what was switched off.
 */
export async function unsubscribe(
  input: { userId: string; kind: string; signature: string; secret: string },
  ctx: PlatformContext = platformContext(),
): Promise<{ label: string }> {
  const entry = NOTIFICATIONS.find((n) => n.kind === input.kind);
  if (!entry || !validUnsubscribeSignature(input.secret, input.userId, entry.kind, input.signature)) {
    throw new AppError(
      "INVALID_TOKEN",
      "This unsubscribe link is not valid: copy the whole link from the mail, or switch mail off on your profile page.",
    );
  }
  const user = await ctx.db.user.findUnique({ where: { id: input.userId }, select: { id: true } });
  if (!user) throw new AppError("NOT_FOUND", "The account of this unsubscribe link no longer exists.");
  await setNotification({ userId: user.id, kind: entry.kind, enabled: false }, ctx);
  return { label: entry.label };
}
