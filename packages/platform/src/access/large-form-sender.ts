import { AppError } from "../errors/app-error.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { getSessionUser } from "../users/get-session-user.ts";
import { requireTaskCreator, requireTaskOrganiser } from "./task-access.ts";

/**
 * Who may send a form with a file (a bundle, a taxonomy, a gold file, a task file) before its body
 * is read: a signed-in account (its session still current) that may create tasks when `slug` is
 * null (the bundle import), or that organises the task `slug`. Throws UNAUTHENTICATED, FORBIDDEN
 * or NOT_FOUND otherwise.
 */
export async function requireLargeFormSender(
  input: { userId: string | undefined; sessionVersion: number | undefined; slug: string | null },
  ctx: PlatformContext = platformContext(),
): Promise<void> {
  const user = input.userId ? await getSessionUser({ userId: input.userId, sessionVersion: input.sessionVersion }, ctx) : null;
  if (!user) throw new AppError("UNAUTHENTICATED", "Sign in as an organiser to send files.");
  if (input.slug === null) await requireTaskCreator(ctx.db, user.id);
  else await requireTaskOrganiser(ctx.db, user.id, input.slug);
}
