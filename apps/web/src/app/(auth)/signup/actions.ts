"use server";

import { createUser } from "@hierboard/platform";
import { signUpSchema } from "@/auth/schema";
import { actionFailure, type ActionResult } from "@/server/problem";

export async function signUpAction(input: {
  name: string;
  email: string;
  password: string;
  role: string;
}): Promise<ActionResult> {
  try {
    const data = signUpSchema.parse(input);
    await createUser(data);
    return { ok: true };
  } catch (error) {
    return actionFailure(error);
  }
}
