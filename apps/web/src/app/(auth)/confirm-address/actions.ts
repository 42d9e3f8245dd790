"use server";

import { confirmAddress, confirmAddressInput } from "@hierboard/platform";
import type { ActionResult } from "@/server/problem";
import { publicAction } from "@/server/signed-in-action";

export async function confirmAddressAction(input: { token: string }): Promise<ActionResult> {
  return publicAction(
    () => confirmAddressInput.parse(input),
    async (data) => {
      await confirmAddress(data);
      return { ok: true, message: "Your address is confirmed. You can submit runs now." };
    },
  );
}
