// Hooks on the scoring worker's events: one log line per job start, completion and failure,
// carrying the submission id and the request id of the upload that enqueued it, and the job
// metrics (wait, duration, completed, failed, stalled). The processor itself is untouched.
import { JOBS, SCORING_JOB, SCORING_QUEUE, type JobWorker } from "@hierboard/queue";
import { UnrecoverableError, type Job } from "bullmq";
import type { Logger } from "pino";
import { MEASURE_FAMILIES } from "@hierboard/metrics";
import { storedDocumentCount, type Db } from "@hierboard/platform";
import { documentClass, type WorkerMetrics } from "./metrics.ts";

/** The measure-family ids: the only values of the duration metric's `family` label besides "all". */
const FAMILY_IDS = new Set(MEASURE_FAMILIES.map((family) => family.id));

/** A scoring job's payload, if the job is one. */
function scoringPayload(job: Job) {
  if (job.name !== SCORING_JOB) return undefined;
  const parsed = JOBS[SCORING_JOB].payload.safeParse(job.data);
  return parsed.success ? parsed.data : undefined;
}

/** One observation of the whole job (family "all") and one per measure family the job timed. */
function observeScoring(
  metrics: WorkerMetrics,
  mode: string,
  documents: number | undefined,
  seconds: number,
  familySeconds: Record<string, number> = {},
): void {
  const labels = { mode, documents: documentClass(documents) };
  metrics.scoringDuration.observe({ ...labels, family: "all" }, seconds);
  for (const [family, time] of Object.entries(familySeconds)) {
    if (FAMILY_IDS.has(family) && Number.isFinite(time)) metrics.scoringDuration.observe({ ...labels, family }, time);
  }
}

function bindings(job: Job) {
  const data: { submissionId?: unknown; requestId?: unknown } = job.data;
  return { jobId: job.id, job: job.name, submissionId: data.submissionId, ...(data.requestId ? { requestId: data.requestId } : {}) };
}

export interface WorkerObservers {
  db: Db;
  logger: Logger;
  metrics: WorkerMetrics;
}

export function observeWorker(worker: JobWorker, opts: WorkerObservers): void {
  const { logger, metrics } = opts;
  worker.on("active", (job) => {
    const waitSeconds = job.processedOn && job.timestamp ? Math.max(0, (job.processedOn - job.timestamp) / 1000) : undefined;
    // A sharded parent is taken again to merge; count the wait of its first start only.
    if (waitSeconds !== undefined && job.attemptsStarted <= 1 && !scoringPayload(job)?.plan)
      metrics.jobWait.observe({ queue: SCORING_QUEUE, job: job.name }, waitSeconds);
    logger.info({ ...bindings(job), attempt: job.attemptsStarted, waitSeconds }, "job started");
  });
  worker.on("completed", (job, result) => {
    const seconds = job.finishedOn && job.processedOn ? (job.finishedOn - job.processedOn) / 1000 : undefined;
    metrics.completed.inc({ queue: SCORING_QUEUE, job: job.name });
    logger.info({ ...bindings(job), seconds }, "job completed");
    const data = scoringPayload(job);
    if (!data || seconds === undefined) return;
    const mode = data.plan ? "sharded" : "single";
    // A scoring job that stored scores reports their document count (see `ScoringJobResult`).
    if (typeof result === "object" && "outcome" in result && result.documents !== undefined) {
      observeScoring(metrics, mode, result.documents, seconds, result.familySeconds);
      return;
    }
    // A job that found its submission already scored reports nothing: read the stored count.
    void storedDocumentCount(opts.db, data.submissionId)
      .then((documents) => observeScoring(metrics, mode, documents, seconds))
      .catch((error: unknown) =>
        logger.warn({ ...bindings(job), err: error }, "could not read the document count for the duration metric"),
      );
  });
  worker.on("failed", (job, error) => {
    if (!job) return;
    const final =
      error instanceof UnrecoverableError || error.name === "UnrecoverableError" || job.attemptsMade >= (job.opts.attempts ?? 1);
    metrics.failed.inc({ queue: SCORING_QUEUE, job: job.name, final: String(final) });
    logger.warn({ ...bindings(job), attempt: job.attemptsMade, final, reason: error.message }, "job failed");
  });
  worker.on("stalled", (jobId) => {
    metrics.stalled.inc({ queue: SCORING_QUEUE });
    logger.warn({ jobId }, "job stalled");
  });
}
