// The scoring queue's job handlers run without the queue: a sharded scoring job names the shards
// it waits for, the shard handler stores each one, and the next run merges and enqueues its board.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { boardJob, failScoring, isWaitingForShards, scoringJob, shardJob } from "../src/jobs/index.ts";
import type { ShardingPlan } from "../src/scoring/shards/sharding-plan.ts";
import type { FixtureName } from "../src/testing/fixtures.ts";
import { createSubmission } from "../src/index.ts";
import { createTestPlatform, fixture, seedTask, type SeededTask, type TestPlatform } from "../src/testing/index.ts";

let p: TestPlatform;
let seed: SeededTask;

beforeAll(async () => {
  p = await createTestPlatform({ now: new Date("2030-01-10T12:00:00Z") });
  seed = await seedTask(p.ctx, { startsAt: new Date("2030-01-01T00:00:00Z"), endsAt: new Date("2030-01-20T12:00:00Z") });
});
afterAll(async () => {
  await p?.cleanup();
});

async function submit(fileName: FixtureName): Promise<string> {
  const input = { userId: seed.memberId, slug: seed.slug, subtaskKey: seed.subtaskKey, phaseKey: seed.phaseKey };
  return (await createSubmission({ ...input, fileName, content: fixture(fileName) }, p.ctx)).id;
}

function deps() {
  const boards: { phaseId: string; subtaskId: string }[] = [];
  const mails: unknown[] = [];
  let saved: ShardingPlan | undefined;
  return {
    boards,
    mails,
    saved: () => saved,
    deps: {
      db: p.ctx.db,
      shardLimits: { maxDocuments: 1, maxBytes: 1 << 20 },
      savePlan: async (plan: ShardingPlan) => {
        saved = plan;
      },
      enqueueBoard: async (board: { phaseId: string; subtaskId: string }) => void boards.push(board),
      enqueueMail: async (mail: unknown) => void mails.push(mail),
    },
  };
}

describe("scoring job handlers", () => {
  it("a sharded submission waits for its shards, then merges, enqueues its board and tells its team", async () => {
    const id = await submit("pred-good.tsv");
    const run = deps();
    const first = await scoringJob({ submissionId: id, reason: "upload" }, run.deps);
    expect(isWaitingForShards(first)).toBe(true);
    const plan = run.saved();
    expect(plan?.shards.length).toBeGreaterThan(1);
    if (!isWaitingForShards(first) || !plan) return;
    expect(first.waitingForShards).toEqual(plan.shards);
    expect(run.boards).toEqual([]);

    const [one, ...rest] = plan.shards;
    await shardJob(one!, { db: p.ctx.db });
    const second = await scoringJob({ submissionId: id, reason: "upload", plan }, run.deps);
    expect(isWaitingForShards(second) && second.waitingForShards).toEqual(rest);

    for (const shard of rest) expect(await shardJob(shard, { db: p.ctx.db })).toEqual({ shard: shard.shard });
    const merged = await scoringJob({ submissionId: id, reason: "upload", plan }, run.deps);
    expect(merged).toMatchObject({ outcome: "sharded", documents: expect.any(Number) });
    expect(run.boards).toEqual([{ phaseId: expect.any(String), subtaskId: expect.any(String) }]);
    expect(run.mails).toEqual([{ kind: "submission-outcome", submissionId: id }]);
    expect(await p.ctx.db.submission.findUniqueOrThrow({ where: { id }, select: { status: true } })).toEqual({ status: "SCORED" });
    expect(await boardJob(run.boards[0]!, { db: p.ctx.db })).toMatchObject({ rows: 1 });

    expect(await scoringJob({ submissionId: id, reason: "upload", plan }, run.deps)).toEqual({ outcome: "already-final" });
  });

  it("a submission scored in one run tells its team, and a final failure marks it FAILED with the attempts", async () => {
    const id = await submit("pred-good.tsv");
    const run = deps();
    const { shardLimits: _, ...unsharded } = run.deps;
    expect(await scoringJob({ submissionId: id, reason: "upload" }, unsharded)).toMatchObject({ outcome: "scored" });
    expect(run.mails).toEqual([{ kind: "submission-outcome", submissionId: id }]);

    const failing = await submit("pred-good.tsv");
    await failScoring(failing, { message: "lost the connection", attempts: 5 }, { db: p.ctx.db });
    expect(await p.ctx.db.submission.findUniqueOrThrow({ where: { id: failing }, select: { status: true, errorMessage: true } })).toEqual({
      status: "FAILED",
      errorMessage: "scoring failed after 5 attempts: lost the connection",
    });
  });
});
