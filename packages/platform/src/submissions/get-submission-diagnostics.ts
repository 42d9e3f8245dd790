import type { LabelCounts } from "@hierboard/metrics";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { STORED_LABEL_ERRORS, type StoredLabelErrors } from "../scoring/statistics/stored-analysis.ts";
import { loadReadableSubmission } from "./load-readable-submission.ts";

export interface SubmissionDiagnostics {
  goldVersion: number;
  /** Labels with the most false positives (predicted, not in the gold), most first. */
  overPredicted: LabelCounts[];
  /** Labels with the most false negatives (in the gold, not predicted), most first. */
  underPredicted: LabelCounts[];
}

/**
 * The labels a scored submission most often over- and under-predicts (the flat family's per-label
 * counts), against the gold version of its newest score set, as the worker stored them at scoring
 * time (`labelConfusionOfRecording`). A read: no file is parsed. Null while the submission has no
 * score set, or when none was stored (a task over the recording limit).
 */
export async function getSubmissionDiagnostics(
  input: { id: string; viewerId: string | null; limit?: number },
  ctx: PlatformContext = platformContext(),
): Promise<SubmissionDiagnostics | null> {
  const s = await loadReadableSubmission(input, ctx);
  const set = s.scoreSets[0];
  if (!set) return null;
  const stored = await ctx.db.scoreSet.findUnique({
    where: { submissionId_goldVersion_part: { submissionId: s.id, goldVersion: set.goldVersion, part: s.part } },
    select: { labelErrors: true },
  });
  const errors = stored?.labelErrors as StoredLabelErrors | null | undefined;
  if (!errors) return null;
  const limit = Math.min(Math.max(input.limit ?? 10, 1), STORED_LABEL_ERRORS);
  return {
    goldVersion: set.goldVersion,
    overPredicted: errors.overPredicted.slice(0, limit),
    underPredicted: errors.underPredicted.slice(0, limit),
  };
}
