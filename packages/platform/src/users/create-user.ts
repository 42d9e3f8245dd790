import { z } from "zod";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { isUniqueViolation } from "../errors/is-unique-violation.ts";
import { hashPassword } from "./password.ts";
import { checkPasswordStrength } from "./password-strength.ts";
import { toUserSummary, type UserSummary } from "./user-summary.ts";

export const createUserInput = z.object({
  name: z.string().trim().min(1).max(120),
  email: z.email().transform((e) => e.toLowerCase()),
  password: z.string(),
  role: z.enum(["ADMIN", "ORGANISER", "PARTICIPANT"]).default("PARTICIPANT"),
});

/**
 * A new account with an Argon2id-hashed password that passed the strength check
 * (WEAK_PASSWORD otherwise). CONFLICT if the email is taken: for operators and seeds; the web
 * sign-up goes through `signUp`, which does not tell.
 */
export async function createUser(input: z.input<typeof createUserInput>, ctx: PlatformContext = platformContext()): Promise<UserSummary> {
  return createAccount(input, ctx, { confirmed: true });
}

/**
 * `createUser`, saying whether the address counts as confirmed: yes for accounts an operator,
 * a seed or an admin makes; no for a self-service sign-up, which confirms it by mail.
 */
export async function createAccount(
  input: z.input<typeof createUserInput>,
  ctx: PlatformContext,
  opts: { confirmed: boolean },
): Promise<UserSummary> {
  const data = createUserInput.parse(input);
  checkPasswordStrength(data.password, [data.email, data.name]);
  const passwordHash = await hashPassword(data.password);
  try {
    return await ctx.db.$transaction(async (tx) => {
      const emailVerifiedAt = opts.confirmed ? ctx.now() : null;
      const user = await tx.user.create({ data: { name: data.name, email: data.email, role: data.role, passwordHash, emailVerifiedAt } });
      await writeAudit(tx, { actorId: user.id, action: "user.sign-up", targetType: "user", targetId: user.id });
      return toUserSummary(user);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "An account with this email already exists.");
    throw error;
  }
}
