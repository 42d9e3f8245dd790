// The worker's one BullMQ worker on the scoring queue, and `register`, which gives a job name of the
// job map (@hierboard/queue) its handler. It owns what every job shares: parsing the payload with
// the map's schema, the log line of each finished or failed job, the retry decision, the final-
// failure hook, the job metrics (observeWorker) and parking a job that waits for shard jobs.
import { isRetryable } from "@hierboard/platform";
import { isWaitingForShards, type WaitingForShards } from "@hierboard/platform/jobs";
import {
  addScoringShards,
  isJobName,
  JOBS,
  SCORING_QUEUE,
  type JobName,
  type JobPayload,
  type JobResult,
  type JobWorker,
} from "@hierboard/queue";
import { FlowProducer, type Job, UnrecoverableError, WaitingChildrenError, Worker } from "bullmq";
import type { Redis } from "ioredis";
import { observeWorker, type WorkerObservers } from "../observability/observe-worker.ts";

/** What a running job offers its handler besides the payload. */
export interface RunningJob<N extends JobName> {
  progress(percent: number): Promise<void>;
  /** Replaces the job's payload (a scoring job stores its sharding plan there before any shard exists). */
  update(payload: JobPayload<N>): Promise<void>;
}

/** How the worker runs one job kind: the platform's handler with the worker's deps bound. */
export interface JobRegistration<N extends JobName> {
  /** A "waiting for shards" result adds those shard jobs as the job's children; the job runs again once they are done. */
  run(payload: JobPayload<N>, job: RunningJob<N>): Promise<JobResult<N> | WaitingForShards>;
  /** The log line of a finished job, after "<job id>: ". */
  describe(result: JobResult<N>, payload: JobPayload<N>): string;
  /** Once, when the job fails for good: an error no retry can help (no `attempts`), or its last attempt failed. */
  failedForGood?(payload: JobPayload<N>, failure: { message: string; attempts?: number }): Promise<void>;
}

export interface JobWorkerOptions {
  connection: Redis;
  prefix: string;
  concurrency: number;
  lockDurationMs: number;
  stalledIntervalMs: number;
  log: (line: string) => void;
  /** The structured log and the job metrics; absent (tests): the `log` lines only. */
  observers?: WorkerObservers;
}

/** A registered job kind, its name's type erased: how to run a job and to fail it after its last attempt. */
interface Runner {
  run(job: AnyJob, token: string | undefined): Promise<JobResult<JobName>>;
  ranOutOfAttempts(job: AnyJob, message: string): Promise<void>;
}
type AnyJob = Job<JobPayload<JobName>, JobResult<JobName>, string>;

/**
 * A worker that runs the registered job kinds (`register(name, registration)` before `run()`). A
 * malformed payload or an unknown job name is final (UnrecoverableError); an error no retry can help
 * (`isRetryable`: the platform's AppError table, the engine's input errors) calls `failedForGood`
 * and is final; anything else is retried with the job's backoff, and `failedForGood` is called when
 * the last attempt fails. A job whose worker died is found stalled and run again (up to twice).
 */
export function createJobWorker(opts: JobWorkerOptions) {
  const { log } = opts;
  const runners = new Map<JobName, Runner>();
  const flows = new FlowProducer({ connection: opts.connection, prefix: opts.prefix });

  function parse<N extends JobName>(name: N, job: AnyJob): JobPayload<N> {
    const parsed = JOBS[name].payload.safeParse(job.data);
    if (!parsed.success) throw new UnrecoverableError(`malformed ${name} payload: ${parsed.error.message}`);
    return parsed.data;
  }

  async function process<N extends JobName>(name: N, registration: JobRegistration<N>, job: AnyJob, token?: string): Promise<JobResult<N>> {
    const running: RunningJob<N> = { progress: (percent) => job.updateProgress(percent), update: (payload) => job.updateData(payload) };
    for (;;) {
      // Parsed on every run: a scoring job may have stored its plan in the payload.
      const payload = parse(name, job);
      let result: JobResult<N> | WaitingForShards;
      try {
        result = await registration.run(payload, running);
      } catch (error) {
        if (isRetryable(error)) throw error;
        const message = error instanceof Error ? error.message : String(error);
        await registration.failedForGood?.(payload, { message });
        throw new UnrecoverableError(message);
      }
      if (!isWaitingForShards(result)) {
        log(`[worker] ${job.id}: ${registration.describe(result, payload)}`);
        return result;
      }
      await addScoringShards(flows, { id: job.id!, queueQualifiedName: job.queueQualifiedName }, result.waitingForShards, opts.prefix);
      if (!token) throw new Error("a job that waits for shards needs its lock token");
      if (await job.moveToWaitingChildren(token)) throw new WaitingChildrenError();
      // Every shard finished before the job could wait: run it again, now merging.
    }
  }

  const worker: JobWorker = new Worker<JobPayload<JobName>, JobResult<JobName>, string>(
    SCORING_QUEUE,
    async (job, token) => {
      const runner = isJobName(job.name) ? runners.get(job.name) : undefined;
      if (!runner) throw new UnrecoverableError(`no handler for job ${job.name}`);
      return runner.run(job, token);
    },
    {
      connection: opts.connection,
      prefix: opts.prefix,
      concurrency: opts.concurrency,
      lockDuration: opts.lockDurationMs,
      stalledInterval: opts.stalledIntervalMs,
      maxStalledCount: 2,
      autorun: false,
    },
  );

  worker.on("failed", (job, error) => {
    if (!job) return;
    const attempts = job.opts.attempts ?? 1;
    const unrecoverable = error instanceof UnrecoverableError || error.name === "UnrecoverableError";
    const final = unrecoverable || job.attemptsMade >= attempts;
    log(`[worker] ${job.id} failed (attempt ${job.attemptsMade}/${attempts}${final ? ", final" : ""}): ${error.message}`);
    const runner = isJobName(job.name) ? runners.get(job.name) : undefined;
    if (final && !unrecoverable && runner)
      runner
        .ranOutOfAttempts(job, error.message)
        .catch((e: unknown) => log(`[worker] ${job.id}: the final-failure hook failed: ${(e as Error).message}`));
  });
  worker.on("error", (error) => log(`[worker] error: ${error.message}`));
  worker.on("closed", () => void flows.close());
  if (opts.observers) observeWorker(worker, opts.observers);

  return {
    worker,
    register<N extends JobName>(name: N, registration: JobRegistration<N>): void {
      runners.set(name, {
        run: (job, token) => process(name, registration, job, token),
        async ranOutOfAttempts(job, message) {
          const parsed = JOBS[name].payload.safeParse(job.data);
          if (parsed.success) await registration.failedForGood?.(parsed.data, { message, attempts: job.attemptsMade });
        },
      });
    },
  };
}
