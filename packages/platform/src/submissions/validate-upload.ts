import type { Subtask } from "@hierboard/db";
import type { PlatformContext } from "../context/platform-context.ts";
import { engineFileRefs } from "../scoring/engine/engine-file-refs.ts";
import { runInEngineThread } from "../scoring/engine/engine-pool.ts";
import { withGoldContent } from "../scoring/engine/with-gold-content.ts";

/**
 * Validates an uploaded prediction against the subtask's taxonomy and the phase's current gold in
 * an engine thread (`validatePrediction`), which also hashes the upload: the request thread only
 * reads the stored files' hashes.
 * INVALID_FILE with file:line when it is refused.
 */
export async function validateUpload(
  ctx: PlatformContext,
  target: { subtask: Pick<Subtask, "id" | "unknownLabels" | "missingDocuments" | "maxLabelsPerDocument" | "cafa">; phaseId: string },
  file: { fileName: string; content: Uint8Array },
): Promise<{ documents: number; warnings: string[]; contentHash: string }> {
  const refs = await engineFileRefs(ctx.db, { subtaskId: target.subtask.id, phaseId: target.phaseId });
  return runInEngineThread(
    {
      kind: "validate",
      taxonomy: refs.taxonomy,
      gold: refs.gold,
      unknownLabels: target.subtask.unknownLabels,
      missingDocuments: target.subtask.missingDocuments,
      maxLabelsPerDocument: target.subtask.maxLabelsPerDocument,
      cafa: target.subtask.cafa !== null,
      fileName: file.fileName,
      content: file.content,
    },
    (task) => withGoldContent(ctx.db, target.subtask.id, refs.gold.id, task),
  );
}
