"use server";

import { revalidatePath } from "next/cache";
import { createInvitation, createTeam, joinTeamByCode } from "@hierboard/platform";
import { getViewer } from "@/auth/viewer";
import { notSignedIn } from "@/server/not-signed-in";
import { actionFailure, type ActionResult } from "@/server/problem";
import { createInviteSchema, createTeamSchema, joinTeamSchema } from "./schema";

export async function createTeamAction(input: { slug: string; name: string; acceptTerms?: boolean }): Promise<ActionResult> {
  try {
    const data = createTeamSchema.parse(input);
    const viewer = await getViewer();
    if (!viewer) return notSignedIn();
    await createTeam({ userId: viewer.id, slug: data.slug, name: data.name, acceptTerms: data.acceptTerms });
    revalidatePath(`/tasks/${data.slug}/team`);
    return { ok: true };
  } catch (error) {
    return actionFailure(error);
  }
}

export async function joinTeamAction(input: { slug: string; code: string }): Promise<ActionResult> {
  try {
    const data = joinTeamSchema.parse(input);
    const viewer = await getViewer();
    if (!viewer) return notSignedIn();
    await joinTeamByCode({ userId: viewer.id, slug: data.slug, code: data.code });
    revalidatePath(`/tasks/${data.slug}/team`);
    return { ok: true };
  } catch (error) {
    return actionFailure(error);
  }
}

export async function createInviteAction(input: { slug: string }): Promise<ActionResult<{ code: string }>> {
  try {
    const data = createInviteSchema.parse(input);
    const viewer = await getViewer();
    if (!viewer) return notSignedIn();
    const invitation = await createInvitation({ userId: viewer.id, slug: data.slug });
    revalidatePath(`/tasks/${data.slug}/team`);
    return { ok: true, data: { code: invitation.code } };
  } catch (error) {
    return actionFailure(error);
  }
}
