import type { Db } from "@hierboard/db";
import { enqueueScoring, scoringJobId, type ScoringQueue } from "@hierboard/queue";

/**
 * Puts QUEUED submissions older than `minAgeMs` back on the queue when they have no job (the web
 * process stored them but could not reach Redis, or the job was lost). Idempotent: an existing job
 * with the same id makes the add a no-op.
 */
export async function requeueStuckSubmissions(db: Db, queue: ScoringQueue, minAgeMs: number): Promise<string[]> {
  const stuck = await db.submission.findMany({
    where: { status: "QUEUED", createdAt: { lt: new Date(Date.now() - minAgeMs) } },
    select: { id: true },
    take: 500,
  });
  const requeued: string[] = [];
  for (const { id } of stuck) {
    const job = await queue.getJob(scoringJobId(id));
    if (job && !(await job.isCompleted()) && !(await job.isFailed())) continue;
    await enqueueScoring(queue, id, { reason: "requeue", replace: true });
    requeued.push(id);
  }
  return requeued;
}
