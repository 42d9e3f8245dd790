"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { selectFinalRuns } from "@hierboard/platform";
import type { ActionResult } from "@/server/problem";
import { signedInAction } from "@/server/signed-in-action";

const picked = z.array(z.string().min(1)).max(100);

export async function selectFinalRunsAction(
  slug: string,
  phaseKey: string,
  subtaskKey: string,
  _: ActionResult | null,
  form: FormData,
): Promise<ActionResult> {
  return signedInAction(
    () => picked.parse(form.getAll("submissionIds")),
    async (submissionIds, userId) => {
      const { selected } = await selectFinalRuns({ userId, slug, phaseKey, subtaskKey, submissionIds });
      revalidatePath(`/tasks/${slug}/team`);
      revalidatePath(`/tasks/${slug}`);
      return {
        ok: true,
        message:
          selected.length === 0
            ? "No selection: your best runs count."
            : `${selected.length} run${selected.length === 1 ? "" : "s"} selected.`,
      };
    },
  );
}
