import { redirect } from "next/navigation";
import { getViewer } from "@/auth/viewer";
import { actionAs, guardedAction } from "@/server/action";
import type { ActionResult } from "@/server/problem";

/** Every server action goes through one of these three (the wrapper itself: server/action.ts). */

/** parse → the signed-in viewer → `run`. */
export function signedInAction<T, D = undefined>(
  parse: () => T | Promise<T>,
  run: (data: T, userId: string) => Promise<ActionResult<D>>,
): Promise<ActionResult<D>> {
  return actionAs(getViewer, parse, run);
}

/**
 * Like `signedInAction`, for actions that end on another page: `run` returns the path. Next.js's
 * `redirect` works by throwing, so it is called after the wrapper, never inside its catch.
 */
export async function signedInRedirect<T>(
  parse: () => T | Promise<T>,
  run: (data: T, userId: string) => Promise<string>,
): Promise<ActionResult> {
  const outcome = await actionAs<T, string>(getViewer, parse, async (data, userId) => ({ ok: true, data: await run(data, userId) }));
  if (!outcome.ok) return outcome;
  if (outcome.data) redirect(outcome.data);
  return { ok: true };
}

/** For the few actions open to visitors (sign-up): parse → `run`. */
export const publicAction = guardedAction;
