import { z } from "zod";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { isUniqueViolation } from "../errors/is-unique-violation.ts";
import { hashPassword } from "./password.ts";
import { toUserSummary, type UserSummary } from "./user-summary.ts";

export const createUserInput = z.object({
  name: z.string().trim().min(1).max(120),
  email: z.email().transform((e) => e.toLowerCase()),
  password: z.string().min(8).max(200),
  role: z.enum(["ADMIN", "ORGANISER", "PARTICIPANT"]).default("PARTICIPANT"),
});

/** Sign-up: a new account with a bcrypt-hashed password. CONFLICT if the email is taken. */
export async function createUser(input: z.input<typeof createUserInput>, ctx: PlatformContext = platformContext()): Promise<UserSummary> {
  const data = createUserInput.parse(input);
  const passwordHash = await hashPassword(data.password);
  try {
    return await ctx.db.$transaction(async (tx) => {
      const user = await tx.user.create({ data: { name: data.name, email: data.email, role: data.role, passwordHash } });
      await writeAudit(tx, { actorId: user.id, action: "user.sign-up", targetType: "user", targetId: user.id });
      return toUserSummary(user);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", "An account with this email already exists.");
    throw error;
  }
}
