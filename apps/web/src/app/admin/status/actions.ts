"use server";

import { revalidatePath } from "next/cache";
import { requeueStuckScoring } from "@hierboard/platform";
import { z } from "zod";
import { getViewer } from "@/auth/viewer";
import { notSignedIn } from "@/server/not-signed-in";
import { actionFailure, type ActionResult } from "@/server/problem";

const requeueForm = z.object({ submissionId: z.string().min(1, "Which submission?") });

/** Re-queues one submission stuck in SCORING; the platform checks the role, the threshold and writes the audit row. */
export async function requeueStuckScoringAction(_: ActionResult | null, form: FormData): Promise<ActionResult> {
  try {
    const { submissionId } = requeueForm.parse({ submissionId: form.get("submissionId") });
    const viewer = await getViewer();
    if (!viewer) return notSignedIn();
    const result = await requeueStuckScoring({ actorId: viewer.id, submissionId });
    revalidatePath("/admin/status");
    return { ok: true, message: `Re-queued after ${Math.round(result.stuckForSeconds / 60)} min in SCORING.` };
  } catch (error) {
    return actionFailure(error);
  }
}
