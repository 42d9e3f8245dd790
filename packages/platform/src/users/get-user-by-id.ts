import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { toUserSummary, type UserSummary } from "./user-summary.ts";

export async function getUserById(id: string, ctx: PlatformContext = platformContext()): Promise<UserSummary | null> {
  const user = await ctx.db.user.findUnique({ where: { id } });
  return user ? toUserSummary(user) : null;
}
