import { z } from "zod";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { sha256Hex } from "../context/sha256.ts";
import { assertNotLocked, recordAttempt, RESET_PER_ADDRESS, RESET_PER_IP } from "../security/attempt-limits.ts";

export const requestPasswordResetInput = z.object({
  email: z
    .string()
    .trim()
    .pipe(z.email("Expected an email address, such as ada@example.org."))
    .transform((e) => e.toLowerCase()),
  /** The client's network address: requests are limited per address and per client. */
  ip: z.string().min(1),
});

/**
 * Asks for a password reset link. Only puts a mail job on the queue: whether the address has an
 * account is looked up by the worker, so the answer and its time are the same either way (no
 * enumeration). Limited per address (counted under its sha256) and per client, whether or not an
 * account exists (TOO_MANY_ATTEMPTS, 429).
 */
export async function requestPasswordReset(
  input: z.input<typeof requestPasswordResetInput>,
  ctx: PlatformContext = platformContext(),
): Promise<void> {
  const { email, ip } = requestPasswordResetInput.parse(input);
  const addressKey = sha256Hex(email);
  await assertNotLocked(RESET_PER_ADDRESS, addressKey, ctx);
  await assertNotLocked(RESET_PER_IP, ip, ctx);
  const lock = (await recordAttempt(RESET_PER_ADDRESS, addressKey, ctx)) ?? (await recordAttempt(RESET_PER_IP, ip, ctx));
  if (lock) throw lock;
  if (!ctx.enqueueMail) throw new Error("a password reset needs the mail queue in the platform context (PlatformContext.enqueueMail)");
  await ctx.enqueueMail({ kind: "password-reset", email });
}
