"use server";

import { revalidatePath } from "next/cache";
import { changePassword, createApiToken, endSessions, revokeApiToken } from "@hierboard/platform";
import { getViewer } from "@/auth/viewer";
import { actionFailure, type ActionResult } from "@/server/problem";
import { notSignedIn } from "@/server/not-signed-in";
import { changePasswordSchema, createTokenSchema, revokeTokenSchema } from "./schema";

/** The secret is returned once, here, and never again. */
export async function createTokenAction(input: {
  name: string;
  scope: string;
  expiresInDays: string;
}): Promise<ActionResult<{ token: string }>> {
  try {
    const data = createTokenSchema.parse(input);
    const viewer = await getViewer();
    if (!viewer) return notSignedIn();
    const created = await createApiToken({ userId: viewer.id, ...data });
    revalidatePath("/profile");
    return { ok: true, data: { token: created.token } };
  } catch (error) {
    return actionFailure(error);
  }
}

export async function revokeTokenAction(input: { tokenId: string }): Promise<ActionResult> {
  try {
    const { tokenId } = revokeTokenSchema.parse(input);
    const viewer = await getViewer();
    if (!viewer) return notSignedIn();
    await revokeApiToken({ userId: viewer.id, tokenId });
    revalidatePath("/profile");
    return { ok: true, message: "Token revoked." };
  } catch (error) {
    return actionFailure(error);
  }
}

/** Ends every session of this account, this one included (the page then signs out locally). */
export async function signOutEverywhereAction(): Promise<ActionResult> {
  try {
    const viewer = await getViewer();
    if (!viewer) return notSignedIn();
    await endSessions({ userId: viewer.id });
    return { ok: true, message: "Signed out everywhere." };
  } catch (error) {
    return actionFailure(error);
  }
}

/** A new password ends every session, this one included: the form sends the user to sign in. */
export async function changePasswordAction(_state: ActionResult | null, form: FormData): Promise<ActionResult> {
  try {
    const data = changePasswordSchema.parse({
      currentPassword: form.get("currentPassword") ?? "",
      newPassword: form.get("newPassword") ?? "",
    });
    const viewer = await getViewer();
    if (!viewer) return notSignedIn();
    await changePassword({ userId: viewer.id, ...data });
    return { ok: true, message: "Password changed. Every session has ended; sign in again with the new password." };
  } catch (error) {
    return actionFailure(error);
  }
}
