"use server";

import { revalidatePath } from "next/cache";
import { archiveTaskPart, deleteTaskPart } from "@hierboard/platform";
import type { ActionResult } from "@/server/problem";
import { signedInAction } from "@/server/signed-in-action";

type Part = "subtask" | "phase";

const revalidate = (slug: string) => {
  revalidatePath(`/organise/${slug}`);
  revalidatePath(`/tasks/${slug}`, "layout");
};

/** One removal: the platform call (which checks the key again) and what the console says after it. */
async function removeTaskPart(
  remove: typeof deleteTaskPart | typeof archiveTaskPart,
  said: (part: Part, key: string) => string,
  slug: string,
  part: Part,
  key: string,
): Promise<ActionResult> {
  return signedInAction(
    () => undefined,
    async (_data, userId) => {
      await remove({ userId, slug, part, key, confirmKey: key });
      revalidate(slug);
      return { ok: true, message: said(part, key) };
    },
  );
}

/** Deletes a subtask or phase without submissions; the confirmation names it, and the platform checks its key again. */
export async function deleteTaskPartAction(
  slug: string,
  part: Part,
  key: string,
  _: ActionResult | null,
  _form: FormData,
): Promise<ActionResult> {
  return removeTaskPart(deleteTaskPart, (p, k) => `Deleted the ${p} “${k}”.`, slug, part, key);
}

/** Archives a subtask or phase with submissions: hidden from the board, the Data tab and new submissions. */
export async function archiveTaskPartAction(
  slug: string,
  part: Part,
  key: string,
  _: ActionResult | null,
  _form: FormData,
): Promise<ActionResult> {
  return removeTaskPart(
    archiveTaskPart,
    (p, k) => `Archived the ${p} “${k}”: it is hidden from the board, the Data tab and new submissions.`,
    slug,
    part,
    key,
  );
}
