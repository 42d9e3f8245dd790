import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import type { ApiTokenSummary } from "./create-api-token.ts";

export async function listApiTokens(input: { userId: string }, ctx: PlatformContext = platformContext()): Promise<ApiTokenSummary[]> {
  return ctx.db.apiToken.findMany({
    where: { userId: input.userId },
    orderBy: { createdAt: "desc" },
    select: { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true },
  });
}
