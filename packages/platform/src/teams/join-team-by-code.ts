import { z } from "zod";
import { requireTask, requireUser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { isUniqueViolation } from "../errors/is-unique-violation.ts";
import {
  type AttemptRule,
  assertNotLocked,
  INVITE_GUESS_PER_ACCOUNT,
  INVITE_GUESS_PER_IP,
  recordAttempt,
} from "../security/attempt-limits.ts";
import { normaliseInviteCode } from "./invite-code.ts";

export const joinTeamByCodeInput = z.object({
  userId: z.string().min(1),
  slug: z.string().min(1),
  code: z.string().min(4).max(32),
  /** The client's address, for the limit on wrong codes per address (the web passes it). */
  ip: z.string().min(1).optional(),
});

/**
 * Joins the team of an invitation code; one team per person and task. Wrong codes are counted per
 * account and per address (INVITE_GUESS_PER_ACCOUNT, INVITE_GUESS_PER_IP, with a Redis in the
 * context): once either budget is spent, every try, right or wrong, is TOO_MANY_ATTEMPTS (429).
 */
export async function joinTeamByCode(
  input: z.input<typeof joinTeamByCodeInput>,
  ctx: PlatformContext = platformContext(),
): Promise<{ teamId: string; teamName: string }> {
  const data = joinTeamByCodeInput.parse(input);
  const user = await requireUser(ctx.db, data.userId);
  const task = await requireTask(ctx.db, data.slug);
  const limits = ctx.redis ? guessLimits(user.id, data.ip) : [];
  for (const [rule, key] of limits) await assertNotLocked(rule, key, ctx);
  const invitation = await ctx.db.invitation.findUnique({ where: { code: normaliseInviteCode(data.code) }, include: { team: true } });
  const now = ctx.now();
  if (!invitation || invitation.team.taskId !== task.id || invitation.revokedAt || (invitation.expiresAt && invitation.expiresAt <= now)) {
    for (const [rule, key] of limits) await recordAttempt(rule, key, ctx);
    throw new AppError("NOT_FOUND", "No team of this task has this invitation code.");
  }
  try {
    await ctx.db.$transaction(async (tx) => {
      await tx.membership.create({ data: { teamId: invitation.teamId, userId: user.id, taskId: task.id, role: "MEMBER" } });
      await tx.invitation.update({ where: { id: invitation.id }, data: { uses: { increment: 1 } } });
      await writeAudit(tx, { actorId: user.id, action: "team.join", targetType: "team", targetId: invitation.teamId });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "You are already in a team of this task.");
    throw error;
  }
  return { teamId: invitation.teamId, teamName: invitation.team.name };
}

function guessLimits(userId: string, ip: string | undefined): [AttemptRule, string][] {
  const limits: [AttemptRule, string][] = [[INVITE_GUESS_PER_ACCOUNT, userId]];
  if (ip) limits.push([INVITE_GUESS_PER_IP, ip]);
  return limits;
}
