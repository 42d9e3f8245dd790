import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { enqueueMail, schedulePhaseCalendarSweep } from "./enqueue-mail.ts";
import { MAIL_JOB, mailJobSchema, PHASE_CALENDAR_SCHEDULER } from "./jobs/mail.ts";
import { createRedisConnection } from "./redis-connection.ts";
import { createScoringQueue } from "./scoring-queue.ts";

const redis = createRedisConnection(process.env.REDIS_URL || "redis://127.0.0.1:6379", "producer");
const queue = createScoringQueue(redis, { prefix: `hbtest-${randomBytes(4).toString("hex")}` });

afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
  redis.disconnect();
});

describe("mail jobs", () => {
  it("are one job per request, retried with backoff and removed once done", async () => {
    await enqueueMail(queue, { kind: "password-reset", email: "ada@example.org" });
    await enqueueMail(queue, { kind: "password-reset", email: "ada@example.org" });
    const jobs = (await queue.getJobs(["waiting"])).filter((j) => j.name === MAIL_JOB);
    expect(jobs).toHaveLength(2);
    expect(jobs[0]!.id).toMatch(/^mail-password-reset-[0-9a-f-]{36}$/);
    expect(jobs[0]!.opts).toMatchObject({ attempts: 5, backoff: { type: "exponential", delay: 5000 }, removeOnComplete: true });
  });

  it("a deferred batch waits as one job under its fixed id", async () => {
    const later = { delayMs: 60_000, jobId: "mail-team-scored-t1-n1" };
    await enqueueMail(queue, { kind: "team-scored", teamId: "t1" }, later);
    await enqueueMail(queue, { kind: "team-scored", teamId: "t1" }, later);
    const delayed = await queue.getJobs(["delayed"]);
    expect(delayed.map((j) => j.id)).toEqual(["mail-team-scored-t1-n1"]);
    expect(delayed[0]!.opts.delay).toBe(60_000);
  });

  it("refuses a payload of an unknown kind or without its field", () => {
    expect(mailJobSchema.safeParse({ kind: "spam", email: "x@example.org" }).success).toBe(false);
    expect(mailJobSchema.safeParse({ kind: "verify-address" }).success).toBe(false);
    expect(mailJobSchema.safeParse({ kind: "team-decision", teamId: "t1", decision: "banished", reason: "" }).success).toBe(false);
    expect(mailJobSchema.safeParse({ kind: "team-decision", teamId: "t1", decision: "refused", reason: "x".repeat(1001) }).success).toBe(
      false,
    );
    expect(mailJobSchema.safeParse({ kind: "results-published" }).success).toBe(false);
  });

  it("schedules the phase-closing sweep as one job scheduler, however often it is asked", async () => {
    await schedulePhaseCalendarSweep(queue, 60_000);
    await schedulePhaseCalendarSweep(queue, 60_000);
    const schedulers = await queue.getJobSchedulers();
    expect(schedulers.map((s) => [s.key, s.every])).toEqual([[PHASE_CALENDAR_SCHEDULER, 60_000]]);
    expect(schedulers[0]!.template?.data).toEqual({ kind: "phase-calendar-sweep" });
  });
});
