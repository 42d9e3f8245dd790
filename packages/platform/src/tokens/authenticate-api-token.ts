import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { toUserSummary, type UserSummary } from "../users/user-summary.ts";
import { hashApiToken } from "./create-api-token.ts";

/** A token's owner, with what the token may do. */
export type TokenUser = UserSummary & { tokenScope: "SUBMIT" | "READ" };

/** The owner of a live token, or null for an unknown, malformed, revoked or expired one, or a disabled account. Stamps its last use. */
export async function authenticateApiToken(token: string, ctx: PlatformContext = platformContext()): Promise<TokenUser | null> {
  if (!/^hb_[A-Za-z0-9_-]{20,}$/.test(token)) return null;
  const found = await ctx.db.apiToken.findUnique({ where: { tokenHash: hashApiToken(token) }, include: { user: true } });
  const now = ctx.now();
  if (!found || found.revokedAt || (found.expiresAt && found.expiresAt <= now) || found.user.disabledAt) return null;
  await ctx.db.apiToken.update({ where: { id: found.id }, data: { lastUsedAt: now } });
  return { ...toUserSummary(found.user), tokenScope: found.scope };
}

/** Like authenticateApiToken, for an `Authorization` header value; INVALID_TOKEN when absent or wrong. */
export async function requireApiUser(
  authorization: string | null | undefined,
  ctx: PlatformContext = platformContext(),
): Promise<TokenUser> {
  const token = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) throw new AppError("INVALID_TOKEN", "Send an API token as `Authorization: Bearer <token>`.");
  const user = await authenticateApiToken(token, ctx);
  if (!user) throw new AppError("INVALID_TOKEN", "The API token is unknown, revoked or expired.");
  return user;
}
