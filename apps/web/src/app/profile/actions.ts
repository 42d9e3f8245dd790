"use server";

import { revalidatePath } from "next/cache";
import { createApiToken, revokeApiToken } from "@hierboard/platform";
import { getViewer } from "@/auth/viewer";
import { actionFailure, type ActionResult } from "@/server/problem";
import { notSignedIn } from "@/server/not-signed-in";
import { createTokenSchema, revokeTokenSchema } from "./schema";

/** The secret is returned once, here, and never again. */
export async function createTokenAction(input: { name: string }): Promise<ActionResult<{ token: string }>> {
  try {
    const { name } = createTokenSchema.parse(input);
    const viewer = await getViewer();
    if (!viewer) return notSignedIn();
    const created = await createApiToken({ userId: viewer.id, name });
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
