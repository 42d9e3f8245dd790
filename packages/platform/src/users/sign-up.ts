import { z } from "zod";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { assertNotLocked, recordAttempt, SIGN_UP_PER_IP } from "../security/attempt-limits.ts";
import { createAccount, createUserInput } from "./create-user.ts";
import { hashPassword } from "./password.ts";

/**
 * No role: a signed-up account is always a participant. The right to host tasks comes only from an
 * admin's grant (the admin users page, a request to host, or the operator's `grant-role`); a `role`
 * sent anyway is dropped by the schema.
 */
export const signUpInput = createUserInput.omit({ role: true }).extend({
  /** The client's network address: sign-ups are limited per address. */
  ip: z.string().min(1),
});

/**
 * Self-service sign-up. Answers the same whether or not the email already has an account (an
 * existing account is left untouched, and the same hashing work is done so the time matches);
 * the next step, signing in, is where the owner of an existing account finds out. Limited per
 * network address (TOO_MANY_ATTEMPTS, 429); a weak password is WEAK_PASSWORD before anything else.
 * Where the instance verifies addresses, a new account is mailed a confirmation link (queued).
 */
export async function signUp(input: z.input<typeof signUpInput>, ctx: PlatformContext = platformContext()): Promise<{ ok: true }> {
  const { ip, ...data } = signUpInput.parse(input);
  await assertNotLocked(SIGN_UP_PER_IP, ip, ctx);
  const lock = await recordAttempt(SIGN_UP_PER_IP, ip, ctx);
  if (lock) throw lock;
  try {
    const user = await createAccount({ ...data, role: "PARTICIPANT" }, ctx, { confirmed: false });
    if (ctx.verifyAddresses) {
      if (!ctx.enqueueMail)
        throw new Error("address verification needs the mail queue in the platform context (PlatformContext.enqueueMail)");
      await ctx.enqueueMail({ kind: "verify-address", userId: user.id });
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== "CONFLICT") throw error;
    await hashPassword(data.password);
  }
  return { ok: true };
}
