// The seeded task's team member uploads a file to its subtask and phase, as a team would.
import type { PlatformContext } from "../context/platform-context.ts";
import { createSubmission } from "../submissions/create-submission.ts";
import type { SeededTask } from "./seed-task.ts";

export function submitAsMember(ctx: PlatformContext, seed: SeededTask, fileName: string, content: Uint8Array) {
  return createSubmission(
    { userId: seed.memberId, slug: seed.slug, subtaskKey: seed.subtaskKey, phaseKey: seed.phaseKey, fileName, content },
    ctx,
  );
}
