import type { User } from "@hierboard/db";
import type { PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";

/**
 * Where the instance verifies addresses (`HIERBOARD_VERIFY_ADDRESSES=1`), an account submits
 * only once it followed the link mailed to its address; browsing needs no confirmation.
 * ADDRESS_UNCONFIRMED (403) otherwise, saying where to get a new link.
 */
export function requireConfirmedAddress(user: Pick<User, "email" | "emailVerifiedAt">, ctx: PlatformContext): void {
  if (!ctx.verifyAddresses || user.emailVerifiedAt) return;
  throw new AppError(
    "ADDRESS_UNCONFIRMED",
    `Confirm your address before submitting: follow the link mailed to ${user.email}. No mail? Send a new link from your profile page (/profile).`,
    { resend: "/profile" },
  );
}
