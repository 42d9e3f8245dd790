import type { DbTx, Phase } from "@hierboard/db";
import { formatUtc } from "../context/format-utc.ts";
import { AppError } from "../errors/app-error.ts";
import { usedSubmissionsWhere } from "./used-submissions.ts";

/** 00:00 UTC of the day `now` falls in. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * Enforces the phase's daily (UTC) and total limits for a team and subtask. Counts accepted
 * submissions: stored ones, except those that failed to score and baselines. Call it inside the
 * transaction that holds the team's row lock, so two uploads cannot both take the last slot.
 */
export async function checkSubmissionLimits(
  tx: DbTx,
  where: { teamId: string; phase: Pick<Phase, "id" | "dailyLimit" | "totalLimit">; subtaskId: string; now: Date },
): Promise<void> {
  const { phase } = where;
  const counted = usedSubmissionsWhere({ teamId: where.teamId, phaseId: phase.id, subtaskId: where.subtaskId });
  if (phase.totalLimit !== null) {
    const total = await tx.submission.count({ where: counted });
    if (total >= phase.totalLimit) {
      throw new AppError("SUBMISSION_LIMIT_REACHED", `Your team has used all ${phase.totalLimit} submissions of this phase.`, {
        limit: "total",
        max: phase.totalLimit,
        used: total,
      });
    }
  }
  if (phase.dailyLimit !== null) {
    const dayStart = startOfUtcDay(where.now);
    const today = await tx.submission.count({ where: { ...counted, createdAt: { gte: dayStart } } });
    if (today >= phase.dailyLimit) {
      const resetsAt = new Date(dayStart.getTime() + 86_400_000);
      throw new AppError(
        "SUBMISSION_LIMIT_REACHED",
        `Your team has used all ${phase.dailyLimit} submissions for today (UTC); the next one is possible from ${formatUtc(resetsAt)}.`,
        { limit: "daily", max: phase.dailyLimit, used: today, resetsAt: resetsAt.toISOString() },
      );
    }
  }
}
