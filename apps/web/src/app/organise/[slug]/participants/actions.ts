"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { moderateTeam, setBaseline, updateParticipationRules } from "@hierboard/platform";
import { formDataToObject } from "@/lib/form-fields";
import type { ActionResult } from "@/server/problem";
import { signedInAction } from "@/server/signed-in-action";

const rulesForm = z.object({
  requiresApproval: z
    .string()
    .optional()
    .transform((v) => v !== undefined),
  terms: z.string().default(""),
});
const reasonForm = z.object({ reason: z.string().default("") });

export async function updateParticipationRulesAction(slug: string, _: ActionResult | null, form: FormData): Promise<ActionResult> {
  return signedInAction(
    () => rulesForm.parse(formDataToObject(form)),
    async (data, userId) => {
      await updateParticipationRules({ userId, slug, ...data });
      revalidatePath(`/organise/${slug}/participants`);
      return { ok: true, message: "Saved." };
    },
  );
}

export async function moderateTeamAction(
  slug: string,
  teamId: string,
  action: "approve" | "ban" | "unban" | "disqualify" | "reinstate",
  _: ActionResult | null,
  form: FormData,
): Promise<ActionResult> {
  return signedInAction(
    () => reasonForm.parse(formDataToObject(form)),
    async ({ reason }, userId) => {
      await moderateTeam({ userId, slug, teamId, action, reason });
      revalidatePath(`/organise/${slug}/participants`);
      revalidatePath(`/tasks/${slug}`);
      return { ok: true, message: "Done." };
    },
  );
}

export async function setBaselineAction(
  slug: string,
  submissionId: string,
  isBaseline: boolean,
  _: ActionResult | null,
  _form: FormData,
): Promise<ActionResult> {
  return signedInAction(
    () => undefined,
    async (_data, userId) => {
      await setBaseline({ userId, slug, submissionId, isBaseline });
      revalidatePath(`/organise/${slug}/submissions`);
      revalidatePath(`/tasks/${slug}`);
      return { ok: true, message: isBaseline ? "Marked as baseline." : "Ranked again." };
    },
  );
}
