import { randomBytes } from "node:crypto";
import { z } from "zod";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { hashPassword } from "./password.ts";
import { toUserSummary, type UserSummary } from "./user-summary.ts";

export const upsertOAuthUserInput = z.object({
  provider: z.string().min(1),
  providerAccountId: z.string().min(1),
  email: z.email().transform((e) => e.toLowerCase()),
  name: z.string().trim().min(1).max(120),
});

/**
 * The account of an OAuth sign-in, matched by (verified) email; created on first sign-in with an
 * unguessable password, so only OAuth can open it until the user sets one.
 */
export async function upsertOAuthUser(
  input: z.input<typeof upsertOAuthUserInput>,
  ctx: PlatformContext = platformContext(),
): Promise<UserSummary> {
  const data = upsertOAuthUserInput.parse(input);
  const existing = await ctx.db.user.findUnique({ where: { email: data.email } });
  if (existing) return toUserSummary(existing);
  const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
  const user = await ctx.db.$transaction(async (tx) => {
    const created = await tx.user.upsert({
      where: { email: data.email },
      update: {},
      // The provider verified the address.
      create: { email: data.email, name: data.name, passwordHash, emailVerifiedAt: ctx.now() },
    });
    await writeAudit(tx, {
      actorId: created.id,
      action: "user.oauth-sign-in",
      targetType: "user",
      targetId: created.id,
      details: { provider: data.provider, providerAccountId: data.providerAccountId },
    });
    return created;
  });
  return toUserSummary(user);
}
