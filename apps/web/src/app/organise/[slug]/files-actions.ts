"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { attachTaskFile, removeTaskFile, replaceTaskFile, TASK_FILE_KINDS } from "@hierboard/platform";
import { formDataToObject } from "@/lib/form-fields";
import type { ActionResult } from "@/server/problem";
import { signedInAction } from "@/server/signed-in-action";

// The platform checks the names (hostile ones are refused with the reason), the size and the
// organiser; these forms only say which fields are there.
const chosenFile = z.instanceof(File, { message: "Choose a file" }).refine((file) => file.size > 0, "The file is empty");
const attachForm = z.object({
  file: chosenFile,
  name: z.string().default(""),
  kind: z.enum(TASK_FILE_KINDS).default("OTHER"),
  phaseKey: z
    .string()
    .default("")
    .transform((key) => (key === "" ? null : key)),
});
const replaceForm = z.object({ file: chosenFile });

const bytesOf = async (file: File) => new Uint8Array(await file.arrayBuffer());
const revalidate = (slug: string) => {
  revalidatePath(`/organise/${slug}`);
  revalidatePath(`/tasks/${slug}/data`);
};

export async function attachTaskFileAction(slug: string, _: ActionResult | null, form: FormData): Promise<ActionResult> {
  return signedInAction(
    () => attachForm.parse(formDataToObject(form)),
    async ({ file, ...fields }, userId) => {
      const attached = await attachTaskFile({ userId, slug, fileName: file.name, content: await bytesOf(file), ...fields });
      revalidate(slug);
      return { ok: true, message: `${attached.fileName} is on the Data & format tab as “${attached.name}”.` };
    },
  );
}

export async function replaceTaskFileAction(slug: string, fileId: string, _: ActionResult | null, form: FormData): Promise<ActionResult> {
  return signedInAction(
    () => replaceForm.parse(formDataToObject(form)),
    async ({ file }, userId) => {
      const replaced = await replaceTaskFile({ userId, slug, fileId, fileName: file.name, content: await bytesOf(file) });
      revalidate(slug);
      return { ok: true, message: `“${replaced.name}” is now ${replaced.fileName} (sha256 ${replaced.sha256.slice(0, 12)}…).` };
    },
  );
}

export async function removeTaskFileAction(
  slug: string,
  fileId: string,
  confirmSha256: string,
  _: ActionResult | null,
  _form: FormData,
): Promise<ActionResult> {
  return signedInAction(
    () => undefined,
    async (_data, userId) => {
      const removed = await removeTaskFile({ userId, slug, fileId, confirmSha256 });
      revalidate(slug);
      return { ok: true, message: `Removed ${removed.fileName}.` };
    },
  );
}
