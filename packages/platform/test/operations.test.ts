// The operations status and the one operator action: re-queueing a submission stuck in SCORING.
import { createUser, getOperationsStatus, requeueStuckScoring, STUCK_SCORING_THRESHOLD_MS } from "@hierboard/platform";
import { createTestPlatform, fixture, seedTask, type SeededTask, type TestPlatform, submitAsMember } from "@hierboard/platform/testing";
import { scoringJobId } from "@hierboard/queue";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withRequestId } from "../src/context/request-id.ts";

let p: TestPlatform;
let seed: SeededTask;
let adminId: string;

beforeAll(async () => {
  p = await createTestPlatform();
  seed = await seedTask(p.ctx);
  adminId = (await createUser({ name: "Ada Admin", email: "ada@ops.test", password: "admin-password", role: "ADMIN" }, p.ctx)).id;
});
afterAll(async () => {
  await p?.cleanup();
});

async function submit(requestId?: string): Promise<string> {
  const run = () => submitAsMember(p.ctx, seed, "pred-good.tsv", fixture("pred-good.tsv"));
  return (await (requestId ? withRequestId(requestId, run) : run())).id;
}

describe("operations", () => {
  it("carries the request id of the upload into its scoring job", async () => {
    const id = await submit("req-abc-123");
    expect((await p.queue.getJob(scoringJobId(id)))?.data).toMatchObject({ submissionId: id, requestId: "req-abc-123" });
    const plain = await submit();
    expect((await p.queue.getJob(scoringJobId(plain)))?.data).not.toHaveProperty("requestId");
    await p.ctx.db.submission.deleteMany({ where: { id: { in: [id, plain] } } });
    await p.queue.obliterate({ force: true });
  });

  it("re-queues a submission stuck in SCORING past the threshold, audited, and refuses every other case", async () => {
    const id = await submit();
    const job = await p.queue.getJob(scoringJobId(id));
    await job!.remove(); // the job was lost: nothing will ever finish this submission
    const startedAt = new Date(Date.now() - STUCK_SCORING_THRESHOLD_MS - 60_000);
    await p.ctx.db.submission.update({ where: { id }, data: { status: "SCORING", startedAt } });

    await expect(requeueStuckScoring({ actorId: seed.organiserId, submissionId: id }, p.ctx)).rejects.toMatchObject({ code: "FORBIDDEN" });
    const fresh = await submit();
    await p.ctx.db.submission.update({ where: { id: fresh }, data: { status: "SCORING", startedAt: new Date() } });
    await expect(requeueStuckScoring({ actorId: adminId, submissionId: fresh }, p.ctx)).rejects.toThrow(/counts as stuck after 900 s/);
    await expect(requeueStuckScoring({ actorId: adminId, submissionId: "nope" }, p.ctx)).rejects.toMatchObject({ code: "NOT_FOUND" });

    const status = await getOperationsStatus({ actorId: adminId }, p.ctx);
    expect(status.stuckScoring.map((s) => s.id)).toEqual([id]);
    expect(status.stuckThresholdSeconds).toBe(900);
    expect(status.submissions.byStatus.SCORING).toBe(2);
    await expect(getOperationsStatus({ actorId: seed.memberId }, p.ctx)).rejects.toMatchObject({ code: "FORBIDDEN" });

    const result = await requeueStuckScoring({ actorId: adminId, submissionId: id }, p.ctx);
    expect(result.stuckForSeconds).toBeGreaterThan(900);
    const after = await p.ctx.db.submission.findUniqueOrThrow({ where: { id } });
    expect(after.status).toBe("QUEUED");
    expect(after.startedAt).toBeNull();
    expect(await (await p.queue.getJob(scoringJobId(id)))?.getState()).toBe("waiting");
    const audit = await p.ctx.db.auditLog.findMany({ where: { action: "submission.requeue-stuck", targetId: id } });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actorId: adminId, targetType: "submission", details: { jobState: "missing", thresholdSeconds: 900 } });

    // Now QUEUED: a second click is refused and writes no second audit row.
    await expect(requeueStuckScoring({ actorId: adminId, submissionId: id }, p.ctx)).rejects.toThrow(/is QUEUED/);
    expect(await p.ctx.db.auditLog.count({ where: { action: "submission.requeue-stuck", targetId: id } })).toBe(1);
  });

  it("reports recent failures with their reasons and the oldest waiting submission", async () => {
    const failed = await submit();
    await p.ctx.db.submission.update({
      where: { id: failed },
      data: { status: "FAILED", errorMessage: "gold changed under it", finishedAt: new Date() },
    });
    const status = await getOperationsStatus({ actorId: adminId }, p.ctx);
    expect(status.recentFailures[0]).toMatchObject({
      id: failed,
      reason: "gold changed under it",
      taskSlug: seed.slug,
      team: "Team Tariq",
    });
    expect(status.submissions.oldestQueued?.ageSeconds).toBeGreaterThanOrEqual(0);
    expect(status.queue?.counts.waiting).toBeGreaterThanOrEqual(1);
    // No worker runs in this test: readiness says so.
    expect(status.readiness.failed).toEqual(["workers"]);
  });
});
