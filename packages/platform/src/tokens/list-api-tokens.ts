import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { apiTokenSummarySelect, type ApiTokenSummary } from "./create-api-token.ts";

export async function listApiTokens(input: { userId: string }, ctx: PlatformContext = platformContext()): Promise<ApiTokenSummary[]> {
  return ctx.db.apiToken.findMany({ where: { userId: input.userId }, orderBy: { createdAt: "desc" }, select: apiTokenSummarySelect });
}
