import { z } from "zod";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { checkPassword } from "./password.ts";
import { toUserSummary, type UserSummary } from "./user-summary.ts";

export const verifyCredentialsInput = z.object({
  email: z.string().transform((e) => e.trim().toLowerCase()),
  password: z.string(),
});

/** The user whose email and password match, or null (no hint which of the two was wrong). */
export async function verifyCredentials(
  input: z.input<typeof verifyCredentialsInput>,
  ctx: PlatformContext = platformContext(),
): Promise<UserSummary | null> {
  const { email, password } = verifyCredentialsInput.parse(input);
  const user = await ctx.db.user.findUnique({ where: { email } });
  if (!user || !(await checkPassword(password, user.passwordHash))) return null;
  if (user.disabledAt !== null) return null;
  return toUserSummary(user);
}
