// A baseline run ("Majority") of the seeded task's organiser, stored and scored as the worker would.
import type { PlatformContext } from "../context/platform-context.ts";
import { createBaseline } from "../submissions/create-baseline.ts";
import type { SeededTask } from "./seed-task.ts";
import { scoreStoredSubmission } from "./store-scores.ts";

/** Returns the baseline's submission id. */
export async function addScoredBaseline(
  ctx: PlatformContext,
  seed: SeededTask,
  content: Uint8Array,
  opts: { finishedAt?: Date } = {},
): Promise<string> {
  const baseline = await createBaseline(
    {
      userId: seed.organiserId,
      slug: seed.slug,
      subtaskKey: seed.subtaskKey,
      phaseKey: seed.phaseKey,
      label: "Majority",
      fileName: "b.tsv",
      content,
    },
    ctx,
  );
  await scoreStoredSubmission(ctx.db, baseline.id, opts);
  return baseline.id;
}
