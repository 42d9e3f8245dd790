"use server";

import { revalidatePath } from "next/cache";
import { requeueStuckScoring } from "@hierboard/platform";
import { z } from "zod";
import type { ActionResult } from "@/server/problem";
import { signedInAction } from "@/server/signed-in-action";

const requeueForm = z.object({ submissionId: z.string().min(1, "Which submission?") });

/** Re-queues one submission stuck in SCORING; the platform checks the role, the threshold and writes the audit row. */
export async function requeueStuckScoringAction(_: ActionResult | null, form: FormData): Promise<ActionResult> {
  return signedInAction(
    () => requeueForm.parse({ submissionId: form.get("submissionId") }),
    async ({ submissionId }, actorId) => {
      const result = await requeueStuckScoring({ actorId, submissionId });
      revalidatePath("/admin/status");
      return { ok: true, message: `Re-queued after ${Math.round(result.stuckForSeconds / 60)} min in SCORING.` };
    },
  );
}
