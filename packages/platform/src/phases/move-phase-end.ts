import type { DbTx, Phase } from "@hierboard/db";
import { AppError } from "../errors/app-error.ts";

/**
 * The end-date guard, inside the transaction that moves a phase's end: a new end at or before an
 * existing (valid) submission is refused with LATER_SUBMISSIONS, naming how many, unless the caller
 * confirmed exactly that number (`invalidateLater`); those submissions are then marked invalidated,
 * kept but never counted. Returns how many were invalidated.
 */
export async function guardPhaseEnd(
  tx: DbTx,
  phase: Pick<Phase, "id" | "name">,
  newEnd: Date,
  invalidateLater: number | undefined,
  now: Date,
): Promise<number> {
  const later = { phaseId: phase.id, createdAt: { gte: newEnd }, invalidatedAt: null };
  const count = await tx.submission.count({ where: later });
  if (count === 0) return 0;
  if (invalidateLater !== count) {
    const plural = count === 1 ? "submission was" : "submissions were";
    throw new AppError(
      "LATER_SUBMISSIONS",
      `${count} ${plural} made at or after the new end of "${phase.name}" (${newEnd.toISOString()} UTC). ` +
        `Choose a later end, or confirm "and invalidate ${count} later submission${count === 1 ? "" : "s"}"` +
        (invalidateLater === undefined ? "." : ` (you confirmed ${invalidateLater}).`),
      { laterSubmissions: count },
    );
  }
  await tx.submission.updateMany({ where: later, data: { invalidatedAt: now } });
  return count;
}
