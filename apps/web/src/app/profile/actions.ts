"use server";

import { revalidatePath } from "next/cache";
import {
  changePassword,
  createApiToken,
  endSessions,
  requestAddressConfirmation,
  revokeApiToken,
  setNotification,
} from "@hierboard/platform";
import type { ActionResult } from "@/server/problem";
import { signedInAction } from "@/server/signed-in-action";
import { changePasswordSchema, createTokenSchema, notificationSchema, revokeTokenSchema } from "./schema";

/** The secret is returned once, here, and never again. */
export async function createTokenAction(input: {
  name: string;
  scope: string;
  expiresInDays: string;
}): Promise<ActionResult<{ token: string }>> {
  return signedInAction(
    () => createTokenSchema.parse(input),
    async (data, userId) => {
      const created = await createApiToken({ userId, ...data });
      revalidatePath("/profile");
      return { ok: true, data: { token: created.token } };
    },
  );
}

export async function revokeTokenAction(input: { tokenId: string }): Promise<ActionResult> {
  return signedInAction(
    () => revokeTokenSchema.parse(input),
    async ({ tokenId }, userId) => {
      await revokeApiToken({ userId, tokenId });
      revalidatePath("/profile");
      return { ok: true, message: "Token revoked." };
    },
  );
}

/** Ends every session of this account, this one included (the page then signs out locally). */
export async function signOutEverywhereAction(): Promise<ActionResult> {
  return signedInAction(
    () => undefined,
    async (_data, userId) => {
      await endSessions({ userId });
      return { ok: true, message: "Signed out everywhere." };
    },
  );
}

/** A new password ends every session, this one included: the form sends the user to sign in. */
export async function changePasswordAction(_state: ActionResult | null, form: FormData): Promise<ActionResult> {
  return signedInAction(
    () => changePasswordSchema.parse({ currentPassword: form.get("currentPassword") ?? "", newPassword: form.get("newPassword") ?? "" }),
    async (data, userId) => {
      await changePassword({ userId, ...data });
      return { ok: true, message: "Password changed. Every session has ended; sign in again with the new password." };
    },
  );
}

/** Mails a new link to confirm the account's address (limited per account). */
export async function resendConfirmationAction(): Promise<ActionResult> {
  return signedInAction(
    () => undefined,
    async (_data, userId) => {
      const { sent } = await requestAddressConfirmation({ userId });
      return { ok: true, message: sent ? "A new link is on its way; it works for 48 hours." : "Your address is confirmed already." };
    },
  );
}

/** One notification switch of the profile page. */
export async function setNotificationAction(input: { kind: string; enabled: boolean }): Promise<ActionResult> {
  return signedInAction(
    () => notificationSchema.parse(input),
    async (data, userId) => {
      await setNotification({ userId, ...data });
      revalidatePath("/profile");
      return { ok: true, message: data.enabled ? "Switched on." : "Switched off." };
    },
  );
}
