import type { Phase, Subtask } from "@hierboard/db";
import { lockRow } from "../access/lock-row.ts";
import { writeAudit } from "../audit/write-audit.ts";
import type { PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { enqueueBoardJobs } from "../leaderboard/enqueue-board-jobs.ts";

export interface FinalRunScope {
  userId: string;
  teamId: string;
  phase: Pick<Phase, "id" | "key" | "name" | "endsAt" | "rule" | "finalRuns">;
  subtask: Pick<Subtask, "id" | "key" | "name">;
}

export interface FinalRunSelection {
  /** The team's selected runs after the change, oldest first (empty: its best N count). */
  selected: string[];
  /** The most runs that count in the phase. */
  finalRuns: number;
}

const runs = (n: number) => `${n} run${n === 1 ? "" : "s"}`;

/** CONFLICT when the phase has no final runs, PHASE_CLOSED from its deadline (UTC) on. */
export function requireSelectionOpen(phase: FinalRunScope["phase"], now: Date): number {
  if (phase.finalRuns === null) {
    throw new AppError(
      "CONFLICT",
      `In "${phase.name}" the ${phase.rule === "BEST" ? "best" : "last"} run counts; there is nothing to select.`,
    );
  }
  if (now >= phase.endsAt)
    throw new AppError("PHASE_CLOSED", `The selection of final runs closed with the phase at ${phase.endsAt.toISOString()} (UTC).`);
  return phase.finalRuns;
}

/**
 * The one place a team's final-run selection changes (the team page's form and the API): under the
 * team's row lock, `next` turns the current selection (its still valid runs, oldest first) into
 * the new one, which must name only the team's own valid runs of the phase and subtask (NOT_FOUND
 * for an unknown id, FORBIDDEN for another team's run, INVALID_INPUT for a failed or invalidated
 * one or another phase's) and at most N of them (CONFLICT). The deadline is checked again here.
 */
export async function writeFinalRunSelection(
  ctx: PlatformContext,
  scope: FinalRunScope,
  next: (current: string[]) => string[],
): Promise<FinalRunSelection> {
  const now = ctx.now();
  const finalRuns = requireSelectionOpen(scope.phase, now);
  const where = { teamId: scope.teamId, phaseId: scope.phase.id, subtaskId: scope.subtask.id };
  const selection = await ctx.db.$transaction(async (tx) => {
    await lockRow(tx, "Team", scope.teamId);
    const current = await tx.submission.findMany({
      where: { ...where, selectedAt: { not: null }, status: { not: "FAILED" }, invalidatedAt: null },
      orderBy: [{ selectedAt: "asc" }, { createdAt: "asc" }],
      select: { id: true },
    });
    const ids = [...new Set(next(current.map((s) => s.id)))];
    if (ids.length > finalRuns) {
      throw new AppError(
        "CONFLICT",
        `At most ${runs(finalRuns)} count in "${scope.phase.name}", and your team has selected ${runs(current.length)}; unselect one first.`,
      );
    }
    const found = await tx.submission.findMany({
      where: { id: { in: ids } },
      orderBy: { createdAt: "asc" },
      select: { id: true, teamId: true, phaseId: true, subtaskId: true, status: true, invalidatedAt: true },
    });
    const missing = ids.filter((id) => !found.some((s) => s.id === id));
    if (missing.length > 0) throw new AppError("NOT_FOUND", `No submission ${missing.join(", ")}.`);
    const others = found.filter((s) => s.teamId !== scope.teamId);
    if (others.length > 0) throw new AppError("FORBIDDEN", `Not your team's submission: ${others.map((s) => s.id).join(", ")}.`);
    const unfit = found.filter(
      (s) => s.phaseId !== scope.phase.id || s.subtaskId !== scope.subtask.id || s.status === "FAILED" || s.invalidatedAt !== null,
    );
    if (unfit.length > 0) {
      throw new AppError(
        "INVALID_INPUT",
        `Expected your team's valid runs of ${scope.phase.name} / ${scope.subtask.name}; not one of them: ${unfit.map((s) => s.id).join(", ")}.`,
        { field: "submissionIds" },
      );
    }
    await tx.submission.updateMany({ where: { ...where, selectedAt: { not: null }, id: { notIn: ids } }, data: { selectedAt: null } });
    await tx.submission.updateMany({ where: { ...where, id: { in: ids }, selectedAt: null }, data: { selectedAt: now } });
    // The board's cache key follows the phase's updatedAt.
    await tx.phase.update({ where: { id: scope.phase.id }, data: { updatedAt: now } });
    await writeAudit(tx, {
      actorId: scope.userId,
      action: "submission.select-final-runs",
      targetType: "team",
      targetId: scope.teamId,
      details: { phase: scope.phase.key, subtask: scope.subtask.key, after: { selected: ids } },
    });
    return { selected: found.map((s) => s.id), finalRuns };
  });
  await enqueueBoardJobs(ctx, { phaseId: scope.phase.id, subtaskId: scope.subtask.id });
  return selection;
}
