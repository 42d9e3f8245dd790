import { z } from "zod";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { assertNotLocked, recordAttempt, SIGN_UP_PER_IP } from "../security/attempt-limits.ts";
import { createUser, createUserInput } from "./create-user.ts";
import { hashPassword } from "./password.ts";

export const signUpInput = createUserInput.extend({
  role: z.enum(["ORGANISER", "PARTICIPANT"]).default("PARTICIPANT"),
  /** The client's network address: sign-ups are limited per address. */
  ip: z.string().min(1),
});

/**
 * Self-service sign-up. Answers the same whether or not the email already has an account (an
 * existing account is left untouched, and the same hashing work is done so the time matches);
 * the next step, signing in, is where the owner of an existing account finds out. Limited per
 * network address (TOO_MANY_ATTEMPTS, 429); a weak password is WEAK_PASSWORD before anything else.
 */
export async function signUp(input: z.input<typeof signUpInput>, ctx: PlatformContext = platformContext()): Promise<{ ok: true }> {
  const { ip, ...data } = signUpInput.parse(input);
  await assertNotLocked(SIGN_UP_PER_IP, ip, ctx);
  const lock = await recordAttempt(SIGN_UP_PER_IP, ip, ctx);
  if (lock) throw lock;
  try {
    await createUser(data, ctx);
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "CONFLICT") throw error;
    await hashPassword(data.password);
  }
  return { ok: true };
}
