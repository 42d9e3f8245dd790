"use server";

import { revalidatePath } from "next/cache";
import { headers } from "next/headers";
import { createInvitation, createTeam, joinTeamByCode } from "@hierboard/platform";
import type { ActionResult } from "@/server/problem";
import { clientIp } from "@/server/client-ip";
import { signedInAction } from "@/server/signed-in-action";
import { createInviteSchema, createTeamSchema, joinTeamSchema } from "./schema";

export async function createTeamAction(input: { slug: string; name: string; acceptTerms?: boolean }): Promise<ActionResult> {
  return signedInAction(
    () => createTeamSchema.parse(input),
    async (data, userId) => {
      await createTeam({ userId, slug: data.slug, name: data.name, acceptTerms: data.acceptTerms });
      revalidatePath(`/tasks/${data.slug}/team`);
      return { ok: true };
    },
  );
}

export async function joinTeamAction(input: { slug: string; code: string }): Promise<ActionResult> {
  return signedInAction(
    () => joinTeamSchema.parse(input),
    async (data, userId) => {
      await joinTeamByCode({ userId, slug: data.slug, code: data.code, ip: clientIp(await headers()) });
      revalidatePath(`/tasks/${data.slug}/team`);
      return { ok: true };
    },
  );
}

export async function createInviteAction(input: { slug: string }): Promise<ActionResult<{ code: string }>> {
  return signedInAction(
    () => createInviteSchema.parse(input),
    async (data, userId) => {
      const invitation = await createInvitation({ userId, slug: data.slug });
      revalidatePath(`/tasks/${data.slug}/team`);
      return { ok: true, data: { code: invitation.code } };
    },
  );
}
