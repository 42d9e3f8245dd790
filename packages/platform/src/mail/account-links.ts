import { randomBytes } from "node:crypto";
import type { Db, DbTx } from "@hierboard/db";
import { sha256Hex } from "../context/sha256.ts";
import { AppError } from "../errors/app-error.ts";

export type AccountLinkPurpose = "PASSWORD_RESET" | "VERIFY_ADDRESS";

/** How long a mailed link works. */
export const ACCOUNT_LINK_LIFETIME_MS: Record<AccountLinkPurpose, number> = {
  PASSWORD_RESET: 60 * 60 * 1000,
  VERIFY_ADDRESS: 48 * 60 * 60 * 1000,
};

const WHAT: Record<AccountLinkPurpose, string> = { PASSWORD_RESET: "password reset", VERIFY_ADDRESS: "address confirmation" };

/** A new single-use link's secret for `userId`; only its sha256 is stored. */
export async function issueAccountLink(db: Db | DbTx, userId: string, purpose: AccountLinkPurpose, now: Date): Promise<string> {
  const secret = randomBytes(32).toString("base64url");
  await db.accountLink.create({
    data: { userId, purpose, tokenHash: sha256Hex(secret), expiresAt: new Date(now.getTime() + ACCOUNT_LINK_LIFETIME_MS[purpose]) },
  });
  return secret;
}

function usedAlready(what: string): AppError {
  return new AppError("LINK_REFUSED", `This ${what} link was used already (each link works once): ask for a new one.`, { reason: "used" });
}

/**
 * Why a link cannot be used (LINK_REFUSED, 410, with `details.reason`): unknown (never issued, or
 * issued for something else), used already, or expired; null when it can. Reads only.
 */
export async function accountLinkRefusal(
  db: Db | DbTx,
  secret: string,
  purpose: AccountLinkPurpose,
  now: Date,
): Promise<{ refusal: AppError } | { refusal: null; link: { id: string; userId: string } }> {
  const what = WHAT[purpose];
  const link = await db.accountLink.findUnique({ where: { tokenHash: sha256Hex(secret) } });
  if (!link || link.purpose !== purpose) {
    return {
      refusal: new AppError("LINK_REFUSED", `This ${what} link is not known: check that the whole link was copied, or ask for a new one.`, {
        reason: "unknown",
      }),
    };
  }
  if (link.usedAt) return { refusal: usedAlready(what) };
  if (link.expiresAt <= now) {
    const at = link.expiresAt.toISOString().slice(0, 16).replace("T", " ");
    return { refusal: new AppError("LINK_REFUSED", `This ${what} link expired at ${at} UTC: ask for a new one.`, { reason: "expired" }) };
  }
  return { refusal: null, link };
}

/**
 * Marks the link used and returns its account, in the caller's transaction; the refusal of
 * `accountLinkRefusal` otherwise. The update is conditional, so two uses of one link at the same
 * time cannot both succeed.
 */
export async function useAccountLink(tx: DbTx, secret: string, purpose: AccountLinkPurpose, now: Date): Promise<{ userId: string }> {
  const checked = await accountLinkRefusal(tx, secret, purpose, now);
  if (checked.refusal) throw checked.refusal;
  const claimed = await tx.accountLink.updateMany({ where: { id: checked.link.id, usedAt: null }, data: { usedAt: now } });
  if (claimed.count !== 1) throw usedAlready(WHAT[purpose]);
  return { userId: checked.link.userId };
}
