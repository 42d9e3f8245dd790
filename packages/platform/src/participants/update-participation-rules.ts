import { z } from "zod";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";

export const updateParticipationRulesInput = z.object({
  userId: z.string().min(1),
  slug: z.string().min(1),
  requiresApproval: z.boolean(),
  terms: z
    .string()
    .max(20_000)
    .transform((t) => t.trim()),
});

/** Whether new teams wait for an organiser's approval, and the terms a team accepts on registering. */
export async function updateParticipationRules(
  input: z.input<typeof updateParticipationRulesInput>,
  ctx: PlatformContext = platformContext(),
): Promise<void> {
  const data = updateParticipationRulesInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, data.userId, data.slug);
  await ctx.db.$transaction(async (tx) => {
    await tx.task.update({ where: { id: task.id }, data: { requiresApproval: data.requiresApproval, terms: data.terms } });
    await writeAudit(tx, {
      actorId: user.id,
      action: "task.participation-rules",
      targetType: "task",
      targetId: task.id,
      details: {
        before: { requiresApproval: task.requiresApproval, terms: task.terms === "" ? "(none)" : `${task.terms.length} characters` },
        after: { requiresApproval: data.requiresApproval, terms: data.terms === "" ? "(none)" : `${data.terms.length} characters` },
      },
    });
  });
}
