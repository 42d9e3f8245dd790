import { z } from "zod";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { notify } from "../notifications/notify.ts";
import { endSessions } from "./end-sessions.ts";
import { requireAdmin } from "./require-admin.ts";

export const decideHostRequestInput = z.object({
  actorId: z.string().min(1),
  requestId: z.string().min(1),
  approve: z.boolean(),
});

/** What an answer to a request to host did, for the admin's confirmation. */
export interface HostRequestDecision {
  /** The email of the account that asked. */
  readonly email: string;
  /** Whether the account became an organiser, which ended its sessions (it signs in again). */
  readonly sessionsEnded: boolean;
}

/**
 * An admin answers a request to host: approving makes the account an organiser and, like every
 * role change, ends its sessions (the user signs in again under the new role; the sign-in page
 * says why, see `sessionEnded` in the web app). The requester is mailed the answer.
 */
export async function decideHostRequest(
  input: z.input<typeof decideHostRequestInput>,
  ctx: PlatformContext = platformContext(),
): Promise<HostRequestDecision> {
  const data = decideHostRequestInput.parse(input);
  const admin = await requireAdmin(ctx.db, data.actorId);
  const decision = await ctx.db.$transaction(async (tx) => {
    const request = await tx.hostRequest.findUnique({ where: { id: data.requestId }, include: { user: true } });
    if (!request) throw new AppError("NOT_FOUND", "No such request.");
    if (request.status !== "PENDING") throw new AppError("CONFLICT", `This request was already ${request.status.toLowerCase()}.`);
    const status = data.approve ? "APPROVED" : "REJECTED";
    const moved = await tx.hostRequest.updateMany({
      where: { id: request.id, status: "PENDING" },
      data: { status, decidedById: admin.id, decidedAt: ctx.now() },
    });
    if (moved.count !== 1) throw new AppError("CONFLICT", "This request was answered meanwhile.");
    const promoted = data.approve && request.user.role === "PARTICIPANT";
    if (promoted) {
      await tx.user.update({ where: { id: request.userId }, data: { role: "ORGANISER" } });
      await endSessions({ userId: request.userId }, { db: tx });
      await writeAudit(tx, {
        actorId: admin.id,
        action: "user.set-role",
        targetType: "user",
        targetId: request.userId,
        details: { before: { role: "PARTICIPANT" }, after: { role: "ORGANISER" }, via: "request to host" },
      });
    }
    await writeAudit(tx, {
      actorId: admin.id,
      action: `host-request.${status.toLowerCase()}`,
      targetType: "user",
      targetId: request.userId,
    });
    return { email: request.user.email, sessionsEnded: promoted };
  });
  await notify(ctx, { kind: "host-request-answered", requestId: data.requestId });
  return decision;
}
