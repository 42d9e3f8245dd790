import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";

/** Revokes one of the user's own tokens; NOT_FOUND for anyone else's. */
export async function revokeApiToken(input: { userId: string; tokenId: string }, ctx: PlatformContext = platformContext()): Promise<void> {
  await ctx.db.$transaction(async (tx) => {
    const { count } = await tx.apiToken.updateMany({
      where: { id: input.tokenId, userId: input.userId, revokedAt: null },
      data: { revokedAt: ctx.now() },
    });
    if (count === 0) {
      const exists = await tx.apiToken.findFirst({ where: { id: input.tokenId, userId: input.userId } });
      if (!exists) throw new AppError("NOT_FOUND", "No such token.");
      return;
    }
    await writeAudit(tx, { actorId: input.userId, action: "token.revoke", targetType: "apiToken", targetId: input.tokenId });
  });
}
