import { z } from "zod";
import { writeAudit } from "../audit/write-audit.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { useAccountLink } from "../mail/account-links.ts";

export const confirmAddressInput = z.object({
  token: z.string().trim().min(1, "Expected the secret of a confirmation link, found nothing.").max(200),
});

/** Confirms an account's address through the mailed link (single use, 48 hours); LINK_REFUSED says why otherwise. */
export async function confirmAddress(input: z.input<typeof confirmAddressInput>, ctx: PlatformContext = platformContext()): Promise<void> {
  const data = confirmAddressInput.parse(input);
  const now = ctx.now();
  await ctx.db.$transaction(async (tx) => {
    const { userId } = await useAccountLink(tx, data.token, "VERIFY_ADDRESS", now);
    await tx.user.update({ where: { id: userId }, data: { emailVerifiedAt: now } });
    await writeAudit(tx, { actorId: userId, action: "user.confirm-address", targetType: "user", targetId: userId });
  });
}
