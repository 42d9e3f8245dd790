import { requireUser } from "../access/task-access.ts";
import { platformContext, type PlatformContext } from "../context/platform-context.ts";
import { AppError } from "../errors/app-error.ts";
import { checkReadiness, type Readiness } from "./check-readiness.ts";
import { readQueueSnapshot, type QueueSnapshot } from "./read-queue-snapshot.ts";
import { readSubmissionSnapshot, type SubmissionSnapshot } from "./read-submission-snapshot.ts";
import { STUCK_SCORING_THRESHOLD_MS } from "./requeue-stuck-scoring.ts";

export interface OperationsStatus {
  readiness: Readiness;
  /** Undefined when Redis cannot be reached. */
  queue?: QueueSnapshot;
  submissions: SubmissionSnapshot;
  recentFailures: { id: string; taskSlug: string; team: string; finishedAt: Date | null; reason: string }[];
  stuckScoring: { id: string; taskSlug: string; team: string; startedAt: Date | null; stuckForSeconds: number }[];
  stuckThresholdSeconds: number;
}

/** What the admin status page shows: services, workers, queue, oldest waiting, failures, stuck jobs. */
export async function getOperationsStatus(input: { actorId: string }, ctx: PlatformContext = platformContext()): Promise<OperationsStatus> {
  const actor = await requireUser(ctx.db, input.actorId);
  if (actor.role !== "ADMIN") throw new AppError("FORBIDDEN", "Only admins can see the operations status.");
  if (!ctx.scoringQueue) throw new AppError("INTERNAL", "This platform context has no scoring queue.");
  const now = ctx.now();
  const select = {
    id: true,
    startedAt: true,
    finishedAt: true,
    errorMessage: true,
    label: true,
    team: { select: { name: true } },
    phase: { select: { task: { select: { slug: true } } } },
  };
  const [readiness, queue, submissions, failed, stuck] = await Promise.all([
    checkReadiness({ db: ctx.db, queue: ctx.scoringQueue }),
    readQueueSnapshot(ctx.scoringQueue).catch(() => undefined),
    readSubmissionSnapshot(ctx.db, now),
    ctx.db.submission.findMany({
      where: { status: "FAILED" },
      orderBy: [{ finishedAt: { sort: "desc", nulls: "last" } }, { createdAt: "desc" }],
      take: 10,
      select,
    }),
    ctx.db.submission.findMany({
      where: { status: "SCORING", startedAt: { lt: new Date(now.getTime() - STUCK_SCORING_THRESHOLD_MS) } },
      orderBy: { startedAt: "asc" },
      take: 50,
      select,
    }),
  ]);
  const team = (s: (typeof failed)[number]) => s.team?.name ?? s.label ?? "baseline";
  return {
    readiness,
    queue,
    submissions,
    recentFailures: failed.map((s) => ({
      id: s.id,
      taskSlug: s.phase.task.slug,
      team: team(s),
      finishedAt: s.finishedAt,
      reason: s.errorMessage ?? "(no reason stored)",
    })),
    stuckScoring: stuck.map((s) => ({
      id: s.id,
      taskSlug: s.phase.task.slug,
      team: team(s),
      startedAt: s.startedAt,
      stuckForSeconds: Math.round((now.getTime() - (s.startedAt ?? now).getTime()) / 1000),
    })),
    stuckThresholdSeconds: STUCK_SCORING_THRESHOLD_MS / 1000,
  };
}
