"use server";

import { confirmAddress } from "@hierboard/platform";
import type { ActionResult } from "@/server/problem";
import { publicAction } from "@/server/signed-in-action";

export async function confirmAddressAction(input: { token: string }): Promise<ActionResult> {
  // confirmAddress checks the token itself; the wrapper turns its refusal into the form's message.
  return publicAction(
    () => input,
    async (data) => {
      await confirmAddress(data);
      return { ok: true, message: "Your address is confirmed. You can submit runs now." };
    },
  );
}
