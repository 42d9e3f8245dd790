import type { Db } from "@hierboard/db";

export const SUBMISSION_STATUSES = ["QUEUED", "SCORING", "SCORED", "FAILED"] as const;
export type SubmissionStatusName = (typeof SUBMISSION_STATUSES)[number];

export interface SubmissionSnapshot {
  /** Every status, 0 when none. */
  byStatus: Record<SubmissionStatusName, number>;
  /** The QUEUED submission waiting longest, if any. */
  oldestQueued?: { id: string; createdAt: Date; ageSeconds: number };
}

/** Submissions by status and the oldest one still waiting, read from PostgreSQL. */
export async function readSubmissionSnapshot(db: Db, now: Date): Promise<SubmissionSnapshot> {
  const [groups, oldest] = await Promise.all([
    db.submission.groupBy({ by: ["status"], _count: { _all: true } }),
    db.submission.findFirst({ where: { status: "QUEUED" }, orderBy: { createdAt: "asc" }, select: { id: true, createdAt: true } }),
  ]);
  const byStatus = Object.fromEntries(SUBMISSION_STATUSES.map((s) => [s, 0])) as Record<SubmissionStatusName, number>;
  for (const g of groups) byStatus[g.status as SubmissionStatusName] = g._count._all;
  return {
    byStatus,
    ...(oldest ? { oldestQueued: { ...oldest, ageSeconds: Math.max(0, (now.getTime() - oldest.createdAt.getTime()) / 1000) } } : {}),
  };
}
