import type { Db } from "@hierboard/db";
import type { MailJobData } from "@hierboard/queue";
import { failSubmission } from "../scoring/score-submission.ts";

/** Why a job failed for good: its error, and how many attempts it took when it ran out of them. */
export interface FinalFailure {
  message: string;
  attempts?: number;
}

/**
 * A scoring or shard job failed for good: the submission becomes FAILED with the reason, and its
 * team and organisers are told (when mail is on).
 */
export async function failScoring(
  submissionId: string,
  failure: FinalFailure,
  deps: { db: Db; enqueueMail?(mail: MailJobData): Promise<void> },
): Promise<void> {
  const reason = failure.attempts === undefined ? failure.message : `scoring failed after ${failure.attempts} attempts: ${failure.message}`;
  await failSubmission(deps.db, submissionId, reason);
  await deps.enqueueMail?.({ kind: "submission-outcome", submissionId });
}
