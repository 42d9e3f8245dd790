// The job helper's own rules, on the real Redis: a job the map does not know, or whose payload its
// schema refuses, fails for good on its first attempt and says why.
import { createTestPlatform, type TestPlatform } from "@hierboard/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessWorker } from "./helpers.ts";

let p: TestPlatform;
let worker: Awaited<ReturnType<typeof startInProcessWorker>> | undefined;

beforeAll(async () => {
  p = await createTestPlatform();
  worker = await startInProcessWorker(p);
});
afterAll(async () => {
  await worker?.stop();
  await p?.cleanup();
});

async function finalState(jobId: string) {
  await expect.poll(async () => (await (await p.queue.getJob(jobId))?.getState()) ?? "gone").toBe("failed");
  const job = await p.queue.getJob(jobId);
  return { attemptsMade: job?.attemptsMade, failedReason: job?.failedReason };
}

describe("the job worker", () => {
  it("fails a job of a name the map does not know, once", async () => {
    await p.queue.add("score-everything", { phaseId: "p1", subtaskId: "s1" }, { jobId: "unknown-1", attempts: 3 });
    expect(await finalState("unknown-1")).toEqual({ attemptsMade: 1, failedReason: "no handler for job score-everything" });
  });

  it("fails a job whose payload is not its kind's, once, naming the kind", async () => {
    await p.queue.add("board", { kind: "password-reset", email: "ada@example.org" }, { jobId: "malformed-1", attempts: 3 });
    const state = await finalState("malformed-1");
    expect(state.attemptsMade).toBe(1);
    expect(state.failedReason).toMatch(/^malformed board payload: /);
    await expect
      .poll(() => worker?.lines.some((l) => /^\[worker\] malformed-1 failed \(attempt 1\/3, final\): malformed board payload/.test(l)))
      .toBe(true);
  });
});
