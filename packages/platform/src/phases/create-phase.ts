import { z } from "zod";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { isUniqueViolation } from "../errors/is-unique-violation.ts";
import { toPhaseView, type PhaseView } from "../tasks/task-views.ts";
import { newSplitKey } from "../gold-split/split-key.ts";
import { phaseFields } from "./phase-fields.ts";

export const createPhaseInput = z.intersection(z.object({ userId: z.string().min(1), slug: z.string().min(1) }), phaseFields);

export async function createPhase(input: z.input<typeof createPhaseInput>, ctx: PlatformContext = platformContext()): Promise<PhaseView> {
  const { userId, slug, ...fields } = createPhaseInput.parse(input);
  const { user, task } = await requireTaskOrganiser(ctx.db, userId, slug);
  try {
    return await ctx.db.$transaction(async (tx) => {
      const phase = await tx.phase.create({ data: { ...fields, taskId: task.id, splitKey: newSplitKey() } });
      await writeAudit(tx, {
        actorId: user.id,
        action: "phase.create",
        targetType: "phase",
        targetId: phase.id,
        details: { key: phase.key },
      });
      return toPhaseView({ ...phase, golds: [] });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", `This task already has a phase "${fields.key}".`);
    throw error;
  }
}
