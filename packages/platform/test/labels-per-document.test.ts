// The labels-per-document limit on the scoring side, against the real Postgres (fresh database) and Redis.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scoreSubmission } from "../src/index.ts";
import { createTestPlatform, fixture, seedTask, type SeededTask, type TestPlatform, submitAsMember } from "../src/testing/index.ts";

let p: TestPlatform;
let seed: SeededTask;

beforeAll(async () => {
  p = await createTestPlatform({ now: new Date("2026-11-22T10:00:00Z") });
  seed = await seedTask(p.ctx, { startsAt: new Date("2026-11-20T00:00:00Z"), endsAt: new Date("2026-11-25T00:00:00Z") });
});
afterAll(async () => {
  await p?.cleanup();
});

describe("the labels-per-document limit when scoring", () => {
  it("refuses, with the line, the limit and the count, a file whose subtask's limit was lowered after upload", async () => {
    const { id } = await submitAsMember(p.ctx, seed, "pred-good.tsv", fixture("pred-good.tsv"));
    await p.ctx.db.subtask.updateMany({ where: { key: seed.subtaskKey, task: { slug: seed.slug } }, data: { maxLabelsPerDocument: 1 } });
    await expect(scoreSubmission(p.ctx.db, id)).rejects.toMatchObject({
      code: "INVALID_FILE",
      message: 'pred-good.tsv:4: expected at most 1 labels per document (the task\'s limit), got 2 on document "d4"',
    });
  });
});
