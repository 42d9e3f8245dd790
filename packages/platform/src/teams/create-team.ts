import { z } from "zod";
import { requireTask, requireUser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { isUniqueViolation } from "../errors/is-unique-violation.ts";
import { notify } from "../notifications/notify.ts";
import { requireOpenTask } from "../tasks/require-open-task.ts";
import { newInviteCode } from "./invite-code.ts";

export const createTeamInput = z.object({
  userId: z.string().min(1),
  slug: z.string().min(1),
  name: z.string().trim().min(2).max(60),
  // Required when the task has terms.
  acceptTerms: z.boolean().default(false),
});

/**
 * Creates a team in a task with the user as its owner, and a first invitation code. In a task that
 * needs approval, the task's organisers are mailed the request.
 */
export async function createTeam(
  input: z.input<typeof createTeamInput>,
  ctx: PlatformContext = platformContext(),
): Promise<{ id: string; name: string; inviteCode: string }> {
  const data = createTeamInput.parse(input);
  const user = await requireUser(ctx.db, data.userId);
  const task = await requireTask(ctx.db, data.slug);
  requireOpenTask(task);
  if (task.terms !== "" && !data.acceptTerms)
    throw new AppError("INVALID_INPUT", "Accept the task's terms to register a team.", { field: "acceptTerms" });
  const now = ctx.now();
  let created: { id: string; name: string; inviteCode: string };
  try {
    created = await ctx.db.$transaction(async (tx) => {
      const team = await tx.team.create({
        data: {
          taskId: task.id,
          name: data.name,
          termsAcceptedAt: task.terms !== "" ? now : null,
          approvedAt: task.requiresApproval ? null : now,
        },
      });
      await tx.membership.create({ data: { teamId: team.id, userId: user.id, taskId: task.id, role: "OWNER" } });
      const invitation = await tx.invitation.create({ data: { teamId: team.id, code: newInviteCode(), createdById: user.id } });
      await writeAudit(tx, {
        actorId: user.id,
        action: "team.create",
        targetType: "team",
        targetId: team.id,
        details: { name: team.name, taskId: task.id },
      });
      return { id: team.id, name: team.name, inviteCode: invitation.code };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const inTeam = await ctx.db.membership.findUnique({ where: { taskId_userId: { taskId: task.id, userId: user.id } } });
      throw new AppError(
        "CONFLICT",
        inTeam ? "You are already in a team of this task." : `A team called "${data.name}" exists in this task.`,
      );
    }
    throw error;
  }
  if (task.requiresApproval) await notify(ctx, { kind: "join-request", teamId: created.id });
  return created;
}
