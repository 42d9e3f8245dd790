"use server";

import { revalidatePath } from "next/cache";
import { updateRunDescription, updateTeamDescription } from "@hierboard/platform";
import { formDataToObject } from "@/lib/form-fields";
import type { ActionResult } from "@/server/problem";
import { signedInAction } from "@/server/signed-in-action";
import { descriptionFormSchema } from "./schema";

export async function saveTeamDescriptionAction(slug: string, _: ActionResult | null, form: FormData): Promise<ActionResult> {
  return signedInAction(
    () => descriptionFormSchema.parse(formDataToObject(form)),
    async (data, userId) => {
      await updateTeamDescription({ userId, slug, ...data });
      revalidatePath(`/tasks/${slug}/teams`, "layout");
      return { ok: true, message: "Description saved." };
    },
  );
}

export async function saveRunDescriptionAction(
  slug: string,
  submissionId: string,
  _: ActionResult | null,
  form: FormData,
): Promise<ActionResult> {
  return signedInAction(
    () => descriptionFormSchema.parse(formDataToObject(form)),
    async (data, userId) => {
      await updateRunDescription({ userId, slug, submissionId, ...data });
      revalidatePath(`/tasks/${slug}/teams`, "layout");
      return { ok: true, message: "Run description saved." };
    },
  );
}
