"use server";

import { resetPassword } from "@hierboard/platform";
import type { ActionResult } from "@/server/problem";
import { publicAction } from "@/server/signed-in-action";
import { resetPasswordSchema } from "./schema";

export async function resetPasswordAction(input: { token: string; password: string }): Promise<ActionResult> {
  return publicAction(
    () => resetPasswordSchema.parse(input),
    async (data) => {
      await resetPassword({ token: data.token, newPassword: data.password });
      return { ok: true };
    },
  );
}
