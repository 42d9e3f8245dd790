"use server";

import { revalidatePath } from "next/cache";
import {
  addTaskOwner,
  createPhase,
  createSubtask,
  createTask,
  importTaskBundleZip,
  endPhaseNow,
  publishResults,
  rescorePhase,
  rescoreSubmission,
  setTaskStatus,
  updatePhase,
  updateSubtask,
  updateTask,
  uploadGold,
  uploadTaxonomy,
  attachIaFile,
} from "@hierboard/platform";
import { formDataToObject } from "@/lib/form-fields";
import type { ActionResult } from "@/server/problem";
import { signedInAction, signedInRedirect } from "@/server/signed-in-action";
import {
  addOwnerFormSchema,
  goldFormSchema,
  iaFormSchema,
  importBundleFormSchema,
  phaseFormSchema,
  subtaskFormSchema,
  taskFormSchema,
  uploadFileSchema,
} from "./schema";

// Each action: parse → who is asking → one platform call → revalidate.
// The platform checks that the viewer organises the task.

const fileBytes = async (file: File) => new Uint8Array(await file.arrayBuffer());

export async function createTaskAction(_: ActionResult | null, form: FormData): Promise<ActionResult> {
  return signedInRedirect(
    () => taskFormSchema.parse(formDataToObject(form)),
    async (data, userId) => `/organise/${(await createTask({ userId, ...data })).slug}`,
  );
}

export async function updateTaskAction(slug: string, _: ActionResult | null, form: FormData): Promise<ActionResult> {
  return signedInAction(
    () => taskFormSchema.omit({ slug: true }).parse(formDataToObject(form)),
    async (data, userId) => {
      await updateTask({ userId, slug, ...data });
      revalidatePath(`/organise/${slug}`);
      revalidatePath(`/tasks/${slug}`);
      return { ok: true, message: "Saved." };
    },
  );
}

export async function uploadTaxonomyAction(slug: string, _: ActionResult | null, form: FormData): Promise<ActionResult> {
  return signedInAction(
    () => uploadFileSchema.parse(formDataToObject(form)),
    async ({ file }, userId) => {
      const taxonomy = await uploadTaxonomy({ userId, slug, fileName: file.name, content: await fileBytes(file) });
      revalidatePath(`/organise/${slug}`);
      return { ok: true, message: `Taxonomy v${taxonomy.version} stored: ${taxonomy.nodeCount} labels, depth ${taxonomy.depth}.` };
    },
  );
}

export async function attachIaAction(slug: string, _: ActionResult | null, form: FormData): Promise<ActionResult> {
  return signedInAction(
    () => iaFormSchema.parse(formDataToObject(form)),
    async ({ file, taxonomyVersion }, userId) => {
      const taxonomy = await attachIaFile({ userId, slug, taxonomyVersion, fileName: file.name, content: await fileBytes(file) });
      revalidatePath(`/organise/${slug}`);
      return { ok: true, message: `IA file stored with taxonomy v${taxonomy.version}: ${taxonomy.ia?.terms ?? 0} terms.` };
    },
  );
}

export async function saveSubtaskAction(
  slug: string,
  existingKey: string | null,
  _: ActionResult | null,
  form: FormData,
): Promise<ActionResult> {
  return signedInAction(
    () => subtaskFormSchema.parse(formDataToObject(form)),
    async (data, userId) => {
      if (existingKey) await updateSubtask({ userId, slug, subtaskKey: existingKey, ...data });
      else await createSubtask({ userId, slug, ...data });
      revalidatePath(`/organise/${slug}`);
      return { ok: true, message: existingKey ? "Subtask saved." : `Subtask “${data.name}” created.` };
    },
  );
}

export async function savePhaseAction(
  slug: string,
  existingKey: string | null,
  _: ActionResult | null,
  form: FormData,
): Promise<ActionResult> {
  return signedInAction(
    () => phaseFormSchema.parse(formDataToObject(form)),
    async (data, userId) => {
      if (existingKey) await updatePhase({ userId, slug, phaseKey: existingKey, ...data });
      else await createPhase({ userId, slug, ...data });
      revalidatePath(`/organise/${slug}`);
      return { ok: true, message: existingKey ? "Phase saved." : `Phase “${data.name}” created.` };
    },
  );
}

export async function uploadGoldAction(slug: string, _: ActionResult | null, form: FormData): Promise<ActionResult> {
  return signedInAction(
    () => goldFormSchema.parse(formDataToObject(form)),
    async ({ file, phaseKey }, userId) => {
      const gold = await uploadGold({ userId, slug, phaseKey, fileName: file.name, content: await fileBytes(file) });
      revalidatePath(`/organise/${slug}`);
      return { ok: true, message: `Gold v${gold.version} stored: ${gold.documents} documents (${gold.unlabelled} without a label).` };
    },
  );
}

export async function addOwnerAction(slug: string, _: ActionResult | null, form: FormData): Promise<ActionResult> {
  return signedInAction(
    () => addOwnerFormSchema.parse(formDataToObject(form)),
    async ({ email }, userId) => {
      await addTaskOwner({ userId, slug, email });
      revalidatePath(`/organise/${slug}`);
      return { ok: true, message: `${email} now organises this task.` };
    },
  );
}

export async function rescoreSubmissionAction(
  slug: string,
  submissionId: string,
  _: ActionResult | null,
  _form: FormData,
): Promise<ActionResult> {
  return signedInAction(
    () => undefined,
    async (_data, userId) => {
      await rescoreSubmission({ userId, slug, submissionId });
      revalidatePath(`/organise/${slug}/submissions`);
      return { ok: true, message: "Queued for re-scoring." };
    },
  );
}

export async function rescorePhaseAction(slug: string, phaseKey: string, _: ActionResult | null, _form: FormData): Promise<ActionResult> {
  return signedInAction(
    () => undefined,
    async (_data, userId) => {
      const { goldVersion, queued } = await rescorePhase({ userId, slug, phaseKey });
      revalidatePath(`/organise/${slug}/submissions`);
      revalidatePath(`/tasks/${slug}`);
      return {
        ok: true,
        message:
          queued === 0
            ? `Every submission already has scores against gold v${goldVersion}.`
            : `${queued} submission${queued === 1 ? "" : "s"} queued against gold v${goldVersion}; earlier scores are kept as versions.`,
      };
    },
  );
}

export async function importBundleAction(_: ActionResult | null, form: FormData): Promise<ActionResult> {
  return signedInRedirect(
    () => importBundleFormSchema.parse(formDataToObject(form)),
    async (data, userId) => {
      const task = await importTaskBundleZip({ userId, readZip: () => fileBytes(data.file), slug: data.slug });
      return `/organise/${task.slug}`;
    },
  );
}

export async function setTaskStatusAction(
  slug: string,
  status: "DRAFT" | "PUBLISHED" | "ARCHIVED",
  _: ActionResult | null,
  _form: FormData,
): Promise<ActionResult> {
  return signedInAction(
    () => undefined,
    async (_data, userId) => {
      await setTaskStatus({ userId, slug, status });
      revalidatePath(`/organise/${slug}`);
      revalidatePath(`/tasks/${slug}`);
      revalidatePath("/");
      const said = {
        DRAFT: "back to draft: only organisers and the preview link see it",
        PUBLISHED: "published: it is on the home page",
        ARCHIVED: "archived: readable, closed to new teams and submissions",
      };
      return { ok: true, message: `The task is ${said[status]}.` };
    },
  );
}

export async function endPhaseNowAction(slug: string, phaseKey: string, _: ActionResult | null, _form: FormData): Promise<ActionResult> {
  return signedInAction(
    () => undefined,
    async (_data, userId) => {
      const { endsAt } = await endPhaseNow({ userId, slug, phaseKey });
      revalidatePath(`/organise/${slug}`);
      revalidatePath(`/tasks/${slug}`);
      return { ok: true, message: `Ended at ${endsAt.toISOString().slice(0, 19).replace("T", " ")} UTC.` };
    },
  );
}

export async function publishResultsAction(slug: string, phaseKey: string, _: ActionResult | null, _form: FormData): Promise<ActionResult> {
  return signedInAction(
    () => undefined,
    async (_data, userId) => {
      await publishResults({ userId, slug, phaseKey });
      revalidatePath(`/organise/${slug}`);
      revalidatePath(`/tasks/${slug}`);
      return { ok: true, message: "Results published." };
    },
  );
}
