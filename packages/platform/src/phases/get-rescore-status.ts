import type { SubmissionStatus } from "@hierboard/db";
import { z } from "zod";
import { requireTaskOrganiser } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";

export interface RescoreStatus {
  phaseKey: string;
  /** The phase's current gold version (null: no gold). */
  goldVersion: number | null;
  /** Settled submissions without scores against the current gold: what "re-score" would queue. */
  stale: number;
  /** Submissions by status, baselines included. */
  byStatus: Record<SubmissionStatus, number>;
  /** Scored against the current gold version. */
  onCurrentGold: number;
  total: number;
}

export const getRescoreStatusInput = z.object({ userId: z.string().min(1), slug: z.string().min(1), phaseKey: z.string().min(1) });

/** For the console's re-score prompt and its live progress: counts only, three indexed queries. */
export async function getRescoreStatus(
  input: z.input<typeof getRescoreStatusInput>,
  ctx: PlatformContext = platformContext(),
): Promise<RescoreStatus> {
  const data = getRescoreStatusInput.parse(input);
  const { task } = await requireTaskOrganiser(ctx.db, data.userId, data.slug);
  const phase = await ctx.db.phase.findUnique({
    where: { taskId_key: { taskId: task.id, key: data.phaseKey } },
    select: { id: true, golds: { orderBy: { version: "desc" }, take: 1, select: { version: true } } },
  });
  if (!phase) throw new AppError("NOT_FOUND", `No phase "${data.phaseKey}".`);
  const goldVersion = phase.golds[0]?.version ?? null;
  const [groups, onCurrentGold, stale] = await Promise.all([
    ctx.db.submission.groupBy({ by: ["status"], where: { phaseId: phase.id }, _count: { _all: true } }),
    goldVersion === null
      ? 0
      : ctx.db.submission.count({ where: { phaseId: phase.id, status: "SCORED", scoreSets: { some: { goldVersion } } } }),
    goldVersion === null
      ? 0
      : ctx.db.submission.count({
          where: { phaseId: phase.id, status: { in: ["SCORED", "FAILED"] }, scoreSets: { none: { goldVersion } } },
        }),
  ]);
  const byStatus: Record<SubmissionStatus, number> = { QUEUED: 0, SCORING: 0, SCORED: 0, FAILED: 0 };
  for (const g of groups) byStatus[g.status] = g._count._all;
  const total = Object.values(byStatus).reduce((a, b) => a + b, 0);
  return { phaseKey: data.phaseKey, goldVersion, stale, byStatus, onCurrentGold, total };
}
