import { getViewer } from "@/auth/viewer";
import { notSignedIn } from "@/server/not-signed-in";
import { actionFailure, type ActionResult } from "@/server/problem";

/** Runs parse → who is asking → `run`, mapping every failure to an ActionResult in one place. */
export async function signedInAction<T>(parse: () => T, run: (data: T, userId: string) => Promise<ActionResult>): Promise<ActionResult> {
  try {
    const data = parse();
    const viewer = await getViewer();
    if (!viewer) return notSignedIn();
    return await run(data, viewer.id);
  } catch (error) {
    return actionFailure(error);
  }
}
