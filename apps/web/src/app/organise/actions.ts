"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import {
  addTaskOwner,
  createPhase,
  createSubtask,
  createTask,
  rescorePhase,
  rescoreSubmission,
  updatePhase,
  updateSubtask,
  updateTask,
  uploadGold,
  uploadTaxonomy,
} from "@hierboard/platform";
import { getViewer } from "@/auth/viewer";
import { formDataToObject } from "@/lib/form-fields";
import { notSignedIn } from "@/server/not-signed-in";
import { actionFailure, type ActionResult } from "@/server/problem";
import { addOwnerFormSchema, goldFormSchema, phaseFormSchema, subtaskFormSchema, taskFormSchema, uploadFileSchema } from "./schema";

// Each action: parse → who is asking → one platform call → revalidate.
// The platform checks that the viewer organises the task.

export async function createTaskAction(_: ActionResult | null, form: FormData): Promise<ActionResult> {
  let slug: string;
  try {
    const data = taskFormSchema.parse(formDataToObject(form));
    const viewer = await getViewer();
    if (!viewer) return notSignedIn();
    const task = await createTask({ userId: viewer.id, ...data });
    slug = task.slug;
  } catch (error) {
    return actionFailure(error);
  }
  redirect(`/organise/${slug}`);
}

export async function updateTaskAction(slug: string, _: ActionResult | null, form: FormData): Promise<ActionResult> {
  try {
    const data = taskFormSchema.omit({ slug: true }).parse(formDataToObject(form));
    const viewer = await getViewer();
    if (!viewer) return notSignedIn();
    await updateTask({ userId: viewer.id, slug, ...data });
    revalidatePath(`/organise/${slug}`);
    revalidatePath(`/tasks/${slug}`);
    return { ok: true, message: "Saved." };
  } catch (error) {
    return actionFailure(error);
  }
}

export async function uploadTaxonomyAction(slug: string, _: ActionResult | null, form: FormData): Promise<ActionResult> {
  try {
    const { file } = uploadFileSchema.parse(formDataToObject(form));
    const viewer = await getViewer();
    if (!viewer) return notSignedIn();
    const taxonomy = await uploadTaxonomy({
      userId: viewer.id,
      slug,
      fileName: file.name,
      content: new Uint8Array(await file.arrayBuffer()),
    });
    revalidatePath(`/organise/${slug}`);
    return { ok: true, message: `Taxonomy v${taxonomy.version} stored: ${taxonomy.nodeCount} labels, depth ${taxonomy.depth}.` };
  } catch (error) {
    return actionFailure(error);
  }
}

export async function saveSubtaskAction(
  slug: string,
  existingKey: string | null,
  _: ActionResult | null,
  form: FormData,
): Promise<ActionResult> {
  try {
    const data = subtaskFormSchema.parse(formDataToObject(form));
    const viewer = await getViewer();
    if (!viewer) return notSignedIn();
    if (existingKey) await updateSubtask({ userId: viewer.id, slug, subtaskKey: existingKey, ...data });
    else await createSubtask({ userId: viewer.id, slug, ...data });
    revalidatePath(`/organise/${slug}`);
    return { ok: true, message: existingKey ? "Subtask saved." : `Subtask “${data.name}” created.` };
  } catch (error) {
    return actionFailure(error);
  }
}

export async function savePhaseAction(
  slug: string,
  existingKey: string | null,
  _: ActionResult | null,
  form: FormData,
): Promise<ActionResult> {
  try {
    const data = phaseFormSchema.parse(formDataToObject(form));
    const viewer = await getViewer();
    if (!viewer) return notSignedIn();
    if (existingKey) await updatePhase({ userId: viewer.id, slug, phaseKey: existingKey, ...data });
    else await createPhase({ userId: viewer.id, slug, ...data });
    revalidatePath(`/organise/${slug}`);
    return { ok: true, message: existingKey ? "Phase saved." : `Phase “${data.name}” created.` };
  } catch (error) {
    return actionFailure(error);
  }
}

export async function uploadGoldAction(slug: string, _: ActionResult | null, form: FormData): Promise<ActionResult> {
  try {
    const { file, phaseKey } = goldFormSchema.parse(formDataToObject(form));
    const viewer = await getViewer();
    if (!viewer) return notSignedIn();
    const gold = await uploadGold({
      userId: viewer.id,
      slug,
      phaseKey,
      fileName: file.name,
      content: new Uint8Array(await file.arrayBuffer()),
    });
    revalidatePath(`/organise/${slug}`);
    return { ok: true, message: `Gold v${gold.version} stored: ${gold.documents} documents.` };
  } catch (error) {
    return actionFailure(error);
  }
}

export async function addOwnerAction(slug: string, _: ActionResult | null, form: FormData): Promise<ActionResult> {
  try {
    const { email } = addOwnerFormSchema.parse(formDataToObject(form));
    const viewer = await getViewer();
    if (!viewer) return notSignedIn();
    await addTaskOwner({ userId: viewer.id, slug, email });
    revalidatePath(`/organise/${slug}`);
    return { ok: true, message: `${email} now organises this task.` };
  } catch (error) {
    return actionFailure(error);
  }
}

export async function rescoreSubmissionAction(slug: string, submissionId: string, _: ActionResult | null, _form: FormData): Promise<ActionResult> {
  try {
    const viewer = await getViewer();
    if (!viewer) return notSignedIn();
    await rescoreSubmission({ userId: viewer.id, slug, submissionId });
    revalidatePath(`/organise/${slug}/submissions`);
    return { ok: true, message: "Queued for re-scoring." };
  } catch (error) {
    return actionFailure(error);
  }
}

export async function rescorePhaseAction(slug: string, phaseKey: string, _: ActionResult | null, _form: FormData): Promise<ActionResult> {
  try {
    const viewer = await getViewer();
    if (!viewer) return notSignedIn();
    const { goldVersion, queued } = await rescorePhase({ userId: viewer.id, slug, phaseKey });
    revalidatePath(`/organise/${slug}/submissions`);
    revalidatePath(`/tasks/${slug}`);
    return {
      ok: true,
      message: queued === 0 ? `Every submission already has scores against gold v${goldVersion}.` : `${queued} submission${queued === 1 ? "" : "s"} queued against gold v${goldVersion}; earlier scores are kept as versions.`,
    };
  } catch (error) {
    return actionFailure(error);
  }
}
