import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { toUserSummary, type UserSummary } from "../users/user-summary.ts";
import { hashApiToken } from "./create-api-token.ts";

/** The owner of a live token, or null for an unknown, malformed or revoked one, or a disabled account. */
export async function authenticateApiToken(token: string, ctx: PlatformContext = platformContext()): Promise<UserSummary | null> {
  if (!/^hb_[A-Za-z0-9_-]{20,}$/.test(token)) return null;
  const found = await ctx.db.apiToken.findUnique({ where: { tokenHash: hashApiToken(token) }, include: { user: true } });
  if (!found || found.revokedAt || found.user.disabledAt) return null;
  await ctx.db.apiToken.update({ where: { id: found.id }, data: { lastUsedAt: ctx.now() } });
  return toUserSummary(found.user);
}

/** Like authenticateApiToken, for an `Authorization` header value; INVALID_TOKEN when absent or wrong. */
export async function requireApiUser(authorization: string | null | undefined, ctx: PlatformContext = platformContext()): Promise<UserSummary> {
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) throw new AppError("INVALID_TOKEN", "Send an API token as `Authorization: Bearer <token>`.");
  const user = await authenticateApiToken(token, ctx);
  if (!user) throw new AppError("INVALID_TOKEN", "The API token is unknown or revoked.");
  return user;
}
