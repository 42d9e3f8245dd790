import { requireUser } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";

/** Whether the account's address is confirmed, and whether this instance asks for that before submitting. */
export async function getAddressStatus(
  input: { userId: string },
  ctx: PlatformContext = platformContext(),
): Promise<{ confirmed: boolean; required: boolean }> {
  const user = await requireUser(ctx.db, input.userId);
  return { confirmed: user.emailVerifiedAt !== null, required: ctx.verifyAddresses === true };
}
