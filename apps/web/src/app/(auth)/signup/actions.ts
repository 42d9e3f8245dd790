"use server";

import { headers } from "next/headers";
import { signUp } from "@hierboard/platform";
import { clientIp } from "@/server/client-ip";
import { signUpSchema } from "@/auth/schema";
import type { ActionResult } from "@/server/problem";
import { publicAction } from "@/server/signed-in-action";

export async function signUpAction(input: { name: string; email: string; password: string }): Promise<ActionResult> {
  return publicAction(
    () => signUpSchema.parse(input),
    async (data) => {
      // The same answer whether or not the email has an account: the sign-in that follows tells.
      await signUp({ ...data, ip: clientIp(await headers()) });
      return { ok: true };
    },
  );
}
