// Re-scoring after a new gold version: the prompt's count, live progress counts by status, and a
// history that keeps both versions' scores.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getRescoreStatus, getSubmission, getTeamArea, rescorePhase, uploadGold } from "../src/index.ts";
import {
  createTestPlatform,
  fixture,
  scoreStoredSubmission,
  seedTask,
  type SeededTask,
  type TestPlatform,
  submitAsMember,
} from "../src/testing/index.ts";

let p: TestPlatform;
let seed: SeededTask;
const ids: string[] = [];
const status = () => getRescoreStatus({ userId: seed.organiserId, slug: seed.slug, phaseKey: seed.phaseKey }, p.ctx);

beforeAll(async () => {
  p = await createTestPlatform();
  seed = await seedTask(p.ctx);
  for (const file of ["pred-good.tsv", "pred-perfect.tsv"] as const) {
    const created = await submitAsMember(p.ctx, seed, file, fixture(file));
    await scoreStoredSubmission(p.ctx.db, created.id);
    ids.push(created.id);
  }
});
afterAll(async () => {
  await p?.cleanup();
});

describe("re-scoring", () => {
  it("counts nothing stale while the scores match the gold, and only organisers may ask", async () => {
    expect(await status()).toMatchObject({ goldVersion: 1, stale: 0, onCurrentGold: 2, total: 2, byStatus: { SCORED: 2, QUEUED: 0 } });
    await expect(getRescoreStatus({ userId: seed.memberId, slug: seed.slug, phaseKey: seed.phaseKey }, p.ctx)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("prompts after a new gold, shows the queue moving by status, and keeps both versions' scores", async () => {
    await uploadGold(
      { userId: seed.organiserId, slug: seed.slug, phaseKey: seed.phaseKey, fileName: "gold-v2.tsv", content: fixture("pred-good.tsv") },
      p.ctx,
    );
    expect(await status()).toMatchObject({ goldVersion: 2, stale: 2, onCurrentGold: 0 });
    // Before the re-score the submission still counts with gold v1, and says a newer gold exists.
    const waiting = await getSubmission({ id: ids[0]!, viewerId: seed.memberId }, p.ctx);
    expect(waiting.scoreHistory.map((h) => [h.goldVersion, h.current])).toEqual([[1, true]]);
    expect(waiting.phaseGoldVersion).toBe(2);
    expect(await rescorePhase({ userId: seed.organiserId, slug: seed.slug, phaseKey: seed.phaseKey }, p.ctx)).toEqual({
      goldVersion: 2,
      queued: 2,
    });
    expect(await status()).toMatchObject({ stale: 0, byStatus: { QUEUED: 2, SCORED: 0 }, onCurrentGold: 0 });
    await scoreStoredSubmission(p.ctx.db, ids[0]!);
    expect(await status()).toMatchObject({ byStatus: { QUEUED: 1, SCORED: 1 }, onCurrentGold: 1 });
    await scoreStoredSubmission(p.ctx.db, ids[1]!);
    expect(await status()).toMatchObject({ byStatus: { QUEUED: 0, SCORED: 2 }, onCurrentGold: 2 });

    // pred-good is the v2 gold itself: a perfect score under v2, below 1 under v1.
    const details = await getSubmission({ id: ids[0]!, viewerId: seed.memberId }, p.ctx);
    expect(details.primaryByGoldVersion.map((v) => v.goldVersion)).toEqual([2, 1]);
    expect(details.primaryByGoldVersion[0]!.value).toBe(1);
    expect(details.primaryByGoldVersion[1]!.value).toBeLessThan(1);
    // The page's history: newest gold first and marked current, each with its score and when.
    expect(details.scoreHistory.map((h) => [h.goldVersion, h.current, h.primary])).toEqual([
      [2, true, 1],
      [1, false, details.primaryByGoldVersion[1]!.value],
    ]);
    const [v2, v1] = details.scoreHistory;
    expect(v2!.scoredAt.getTime()).toBeGreaterThanOrEqual(v1!.scoredAt.getTime());
    const golds = await p.ctx.db.goldVersion.findMany({ where: { phase: { key: seed.phaseKey } }, orderBy: { version: "desc" } });
    expect([v2!.goldUploadedAt, v1!.goldUploadedAt]).toEqual(golds.map((g) => g.createdAt));
    expect(details.phaseGoldVersion).toBe(2);
    expect(details.report?.goldVersion).toBe(2);
    const area = await getTeamArea({ slug: seed.slug, userId: seed.memberId }, p.ctx);
    expect(area?.submissions.find((s) => s.id === ids[0])?.versions).toEqual(details.primaryByGoldVersion);
  });
});
