import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { createRedisConnection } from "./redis-connection.ts";
import { boardJobId } from "./jobs/board.ts";
import { scoringJobId, scoringJobSchema } from "./jobs/scoring.ts";
import { BOARD_REPAIR_JOB, BOARD_REPAIR_JOB_ID } from "./jobs/board-repair.ts";
import { createScoringQueue, enqueueBoard, enqueueBoardRepair, enqueueScoring } from "./scoring-queue.ts";

const redis = createRedisConnection(process.env.REDIS_URL || "redis://127.0.0.1:6379", "producer");
const prefix = `hbtest-${randomBytes(4).toString("hex")}`;
const queue = createScoringQueue(redis, { prefix });

afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
  redis.disconnect();
});

describe("scoring queue", () => {
  it("names jobs score-<submissionId> and ignores a second enqueue of the same submission", async () => {
    const first = await enqueueScoring(queue, "sub1");
    const second = await enqueueScoring(queue, "sub1");
    expect(first.id).toBe("score-sub1");
    expect(second.id).toBe("score-sub1");
    expect(await queue.getJobCounts("waiting")).toEqual({ waiting: 1 });
    const job = await queue.getJob(scoringJobId("sub1"));
    expect(job?.data).toEqual({ submissionId: "sub1", reason: "upload" });
    expect(job?.opts.attempts).toBe(5);
    expect(job?.opts.backoff).toEqual({ type: "exponential", delay: 2000 });
  });

  it("names board jobs board-<phaseId>-<subtaskId>: one waits per board, however many scores arrive", async () => {
    const first = await enqueueBoard(queue, { phaseId: "p1", subtaskId: "s1" });
    await enqueueBoard(queue, { phaseId: "p1", subtaskId: "s1" });
    await enqueueBoard(queue, { phaseId: "p1", subtaskId: "s2" });
    expect(first.id).toBe(boardJobId("p1", "s1"));
    expect(first.id).toBe("board-p1-s1");
    expect(first.opts.removeOnComplete).toBe(true);
    const waiting = await queue.getJobs(["waiting"]);
    expect(waiting.map((j) => j.id).sort()).toEqual(["board-p1-s1", "board-p1-s2", "score-sub1"]);
  });

  it("keeps one boards' repair sweep waiting, however many workers enqueue it", async () => {
    const first = await enqueueBoardRepair(queue);
    await enqueueBoardRepair(queue);
    expect([first.id, first.name]).toEqual([BOARD_REPAIR_JOB_ID, BOARD_REPAIR_JOB]);
    expect(first.opts.removeOnComplete).toBe(true);
    const waiting = await queue.getJobs(["waiting"]);
    expect(waiting.filter((j) => j.name === BOARD_REPAIR_JOB)).toHaveLength(1);
    expect(await queue.getJobSchedulers()).toEqual([]);
  });

  it("refuses a payload without a submission id", () => {
    expect(scoringJobSchema.safeParse({ submissionId: "" }).success).toBe(false);
  });
});
