import { labelConfusion, type LabelCounts } from "@hierboard/metrics";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { withInputErrors } from "../errors/app-error.ts";
import { BoundedCache } from "../scoring/bounded-cache.ts";
import { loadScoringSetup, parsePrediction } from "../scoring/load-scoring-setup.ts";
import { loadReadableSubmission, readSubmissionFile } from "./load-readable-submission.ts";

export interface SubmissionDiagnostics {
  goldVersion: number;
  /** Labels with the most false positives (predicted, not in the gold), most first. */
  overPredicted: LabelCounts[];
  /** Labels with the most false negatives (in the gold, not predicted), most first. */
  underPredicted: LabelCounts[];
}

// Keyed by submission and gold version: a stored file scored against a stored gold never changes.
const diagnostics = new BoundedCache<SubmissionDiagnostics>(64);

/**
 * The labels a scored submission most often over- and under-predicts (the flat family's per-label
 * counts), against the gold version of its newest score set. Computed on demand with the engine
 * from the stored files and cached per process, so the worker's stored breakdown stays the
 * engine's evaluation as is. Null while the submission has no score set.
 */
export async function getSubmissionDiagnostics(
  input: { id: string; viewerId: string | null; limit?: number },
  ctx: PlatformContext = platformContext(),
): Promise<SubmissionDiagnostics | null> {
  const s = await loadReadableSubmission(input, ctx);
  const set = s.scoreSets[0];
  if (!set) return null;
  const limit = Math.min(Math.max(input.limit ?? 10, 1), 50);
  const key = `${s.id}|${set.goldVersion}|${limit}`;
  const cached = diagnostics.get(key);
  if (cached) return cached;
  const setup = await loadScoringSetup(ctx.db, { subtaskId: s.subtaskId, phaseId: s.phaseId, goldVersion: set.goldVersion });
  const pred = parsePrediction(setup, await readSubmissionFile(s.id, ctx), s.fileName);
  const confusion = withInputErrors(() =>
    labelConfusion({ taxonomy: setup.taxonomy, gold: setup.gold, pred, missingDocuments: setup.subtask.missingDocuments, limit }),
  );
  const result = { goldVersion: set.goldVersion, overPredicted: [...confusion.overPredicted], underPredicted: [...confusion.underPredicted] };
  diagnostics.set(key, result);
  return result;
}
