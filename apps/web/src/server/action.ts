// The one server-action wrapper: parse the input, ask who is asking, run, and turn every throw
// (zod, AppError, anything else) into an ActionResult in one place (`actionFailure`). The
// Next.js-bound entry points (`signedInAction`, `signedInRedirect`, `publicAction`) live in
// signed-in-action.ts; this file has no Next.js import, so its tests run without a server.
import { notSignedIn } from "./not-signed-in";
import { actionFailure, type ActionResult } from "./problem";

/** Looks up the signed-in user (the app passes `getViewer`). */
export type WhoIsAsking = () => Promise<{ id: string } | null>;

/** parse → run; a throw from either becomes a failed ActionResult. */
export async function guardedAction<T, D = undefined>(
  parse: () => T | Promise<T>,
  run: (data: T) => Promise<ActionResult<D>>,
): Promise<ActionResult<D>> {
  try {
    return await run(await parse());
  } catch (error) {
    return actionFailure(error);
  }
}

/** parse → who is asking (UNAUTHENTICATED when nobody) → run with the user's id. */
export function actionAs<T, D = undefined>(
  whoIsAsking: WhoIsAsking,
  parse: () => T | Promise<T>,
  run: (data: T, userId: string) => Promise<ActionResult<D>>,
): Promise<ActionResult<D>> {
  return guardedAction(parse, async (data) => {
    const viewer = await whoIsAsking();
    if (!viewer) return notSignedIn();
    return run(data, viewer.id);
  });
}
