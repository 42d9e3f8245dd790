"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import { decideHostRequest, requestToHost, setUserDisabled, setUserRole } from "@hierboard/platform";
import { formDataToObject } from "@/lib/form-fields";
import type { ActionResult } from "@/server/problem";
import { signedInAction, signedInRedirect } from "@/server/signed-in-action";

const hostRequestForm = z.object({ message: z.string() });
const roleForm = z.object({ role: z.enum(["ADMIN", "ORGANISER", "PARTICIPANT"]) });

export async function requestToHostAction(_: ActionResult | null, form: FormData): Promise<ActionResult> {
  return signedInAction(
    () => hostRequestForm.parse(formDataToObject(form)),
    async ({ message }, userId) => {
      await requestToHost({ userId, message });
      revalidatePath("/admin/users");
      return { ok: true, message: "Request sent. An admin will answer it; you can then create tasks here." };
    },
  );
}

export async function decideHostRequestAction(
  requestId: string,
  approve: boolean,
  _: ActionResult | null,
  _form: FormData,
): Promise<ActionResult> {
  // The request's form leaves the page with the request: the page says what was decided (`?decided=`).
  return signedInRedirect(
    () => undefined,
    async (_data, actorId) => {
      const { email, sessionsEnded } = await decideHostRequest({ actorId, requestId, approve });
      revalidatePath("/admin/users");
      const answer = !approve ? "declined" : sessionsEnded ? "approved-signed-out" : "approved";
      return `/admin/users?${new URLSearchParams({ decided: email, answer })}`;
    },
  );
}

export async function setUserRoleAction(email: string, _: ActionResult | null, form: FormData): Promise<ActionResult> {
  return signedInAction(
    () => roleForm.parse(formDataToObject(form)),
    async ({ role }, actorId) => {
      await setUserRole({ actorId, email, role });
      revalidatePath("/admin/users");
      return { ok: true, message: `Role set to ${role.toLowerCase()}.` };
    },
  );
}

export async function setUserDisabledAction(
  userId: string,
  disabled: boolean,
  _: ActionResult | null,
  _form: FormData,
): Promise<ActionResult> {
  return signedInAction(
    () => undefined,
    async (_data, actorId) => {
      await setUserDisabled({ actorId, userId, disabled });
      revalidatePath("/admin/users");
      return { ok: true, message: disabled ? "Disabled; the account's sessions have ended." : "Enabled again." };
    },
  );
}
