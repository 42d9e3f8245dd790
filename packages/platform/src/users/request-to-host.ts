import { z } from "zod";
import { requireUser } from "../access/task-access.ts";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";

export const requestToHostInput = z.object({
  userId: z.string().min(1),
  message: z.string().trim().min(10, "say in a sentence or two which task you want to host").max(2000),
});

/** A participant asks the admins for the right to host tasks; one open request at a time. */
export async function requestToHost(
  input: z.input<typeof requestToHostInput>,
  ctx: PlatformContext = platformContext(),
): Promise<{ id: string }> {
  const data = requestToHostInput.parse(input);
  const user = await requireUser(ctx.db, data.userId);
  if (user.role !== "PARTICIPANT") throw new AppError("CONFLICT", "Your account can already host tasks.");
  return ctx.db.$transaction(async (tx) => {
    const open = await tx.hostRequest.findFirst({ where: { userId: user.id, status: "PENDING" } });
    if (open) throw new AppError("CONFLICT", "You have already asked; an admin will answer your request.");
    const request = await tx.hostRequest.create({ data: { userId: user.id, message: data.message } });
    await writeAudit(tx, { actorId: user.id, action: "user.request-host", targetType: "user", targetId: user.id });
    return { id: request.id };
  });
}
