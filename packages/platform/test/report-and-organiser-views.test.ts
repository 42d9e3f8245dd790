// The submission report's analyses from stored statistics (over/under-predicted labels, paired
// test against another team) and the organiser views (all submissions, re-score one or a phase, gold versions).
import { pairedTest, recordEvaluation } from "@hierboard/metrics";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  compareSubmissionPair,
  createSubmission,
  createTeam,
  createUser,
  getSubmission,
  getSubmissionDiagnostics,
  listAuditLog,
  listComparableSubmissions,
  listTaskSubmissions,
  loadScoringSetup,
  PAIRED_TEST_OPTIONS,
  parsePrediction,
  rescorePhase,
  rescoreSubmission,
  uploadGold,
  type PlatformContext,
} from "../src/index.ts";
import { createTestPlatform, fixture, fixtureText, seedTask, type SeededTask, type TestPlatform } from "../src/testing/index.ts";
import { scoreStoredSubmission } from "../src/testing/store-scores.ts";

/** What the worker does, in-process: score against the current gold and store the score set with its statistics. */
const scoreNow = async (ctx: PlatformContext, submissionId: string) =>
  void (await scoreStoredSubmission(ctx.db, submissionId, { boardJob: false }));

let p: TestPlatform;
let seed: SeededTask;
let goodId: string;
let perfectId: string;
let rivalId: string;
const start = new Date("2030-01-10T12:00:00Z");
const end = new Date("2030-01-20T12:00:00Z");

beforeAll(async () => {
  p = await createTestPlatform({ now: start });
  seed = await seedTask(p.ctx, { startsAt: new Date("2030-01-01T00:00:00Z"), endsAt: end });
  const rival = await createUser({ name: "Rita Rival", email: "rita@zoo.test", password: "rival-pass-123" }, p.ctx);
  await createTeam({ userId: rival.id, slug: seed.slug, name: "Team Rita" }, p.ctx);
  rivalId = rival.id;
  const submit = async (userId: string, name: "pred-good.tsv" | "pred-perfect.tsv") =>
    (
      await createSubmission(
        { userId, slug: seed.slug, subtaskKey: seed.subtaskKey, phaseKey: seed.phaseKey, fileName: name, content: fixture(name) },
        p.ctx,
      )
    ).id;
  goodId = await submit(seed.memberId, "pred-good.tsv");
  perfectId = await submit(rival.id, "pred-perfect.tsv");
  await scoreNow(p.ctx, goodId);
  await scoreNow(p.ctx, perfectId);
});
afterAll(async () => {
  await p?.cleanup();
});

describe("getSubmissionDiagnostics", () => {
  it("lists the labels most often over- and under-predicted, for the team", async () => {
    // gold d2 Birds / pred Mammals; d3 Trees Flowers / Trees; d4 Dogs / Dogs Birds.
    const result = await getSubmissionDiagnostics({ id: goodId, viewerId: seed.memberId }, p.ctx);
    expect(result?.goldVersion).toBe(1);
    expect(result?.overPredicted).toEqual([
      { label: "Birds", depth: 2, tp: 0, fp: 1, fn: 1 },
      { label: "Mammals", depth: 2, tp: 0, fp: 1, fn: 0 },
    ]);
    expect(result?.underPredicted.map((l) => [l.label, l.fn])).toEqual([
      ["Birds", 1],
      ["Flowers", 1],
    ]);
  });

  it("is hidden from other teams and anonymous viewers until the phase ends", async () => {
    await expect(getSubmissionDiagnostics({ id: goodId, viewerId: rivalId }, p.ctx)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(getSubmissionDiagnostics({ id: goodId, viewerId: null }, p.ctx)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("compareSubmissionPair and listComparableSubmissions", () => {
  it("before the phase ends, a team can compare only with its own submissions and baselines", async () => {
    expect(await listComparableSubmissions({ id: goodId, viewerId: seed.memberId }, p.ctx)).toEqual([]);
    await expect(compareSubmissionPair({ id: goodId, otherId: perfectId, viewerId: seed.memberId }, p.ctx)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const forOrganiser = await listComparableSubmissions({ id: goodId, viewerId: seed.organiserId }, p.ctx);
    expect(forOrganiser.map((s) => s.teamName)).toEqual(["Team Rita"]);
  });

  it("runs the engine's paired test on the primary measure and a few more, with the stored scores as a and b", async () => {
    const result = await compareSubmissionPair({ id: goodId, otherId: perfectId, viewerId: seed.organiserId }, p.ctx);
    const stored = await getSubmission({ id: goodId, viewerId: seed.organiserId }, p.ctx);
    const hcF1 = stored.scores.find((s) => s.measure === "hc.f1")!.value!;
    expect(result.primaryMeasure).toBe("hc.f1");
    expect(result.tests.map((t) => t.measure)).toEqual(["hc.f1", "flat.micro.f1", "hierarchical.f1"]);
    const [primary] = result.tests;
    expect(primary).toMatchObject({ method: "randomization", resamples: 1000, seed: 1, b: 1, higherIsBetter: true, label: "HC-F1" });
    expect(primary!.a).toBeCloseTo(hcF1, 12);
    expect(primary!.difference).toBeCloseTo(hcF1 - 1, 12);
    expect(primary!.pValue).toBeGreaterThan(0);
    expect(primary!.pValue).toBeLessThanOrEqual(1);
    expect(result).toMatchObject({ goldVersion: 1, documents: 5, a: { teamName: "Team Tariq" }, b: { teamName: "Team Rita" } });
    // Exactly the engine's paired test on the two files, computed here from the files themselves.
    const setup = await loadScoringSetup(p.ctx.db, {
      subtaskId: (await p.ctx.db.submission.findUniqueOrThrow({ where: { id: goodId } })).subtaskId,
      phaseId: (await p.ctx.db.submission.findUniqueOrThrow({ where: { id: goodId } })).phaseId,
    });
    const fromFile = async (id: string) => {
      const s = await p.ctx.db.submission.findUniqueOrThrow({ where: { id } });
      return recordEvaluation({ taxonomy: setup.taxonomy, gold: setup.gold, pred: parsePrediction(setup, s.content, s.fileName) });
    };
    const [fileA, fileB] = [await fromFile(goodId), await fromFile(perfectId)];
    for (const test of result.tests) expect(test).toMatchObject(pairedTest(fileA, fileB, test.measure, PAIRED_TEST_OPTIONS));
    // Cached: the same pair and gold version give the same object without recounting.
    expect(await compareSubmissionPair({ id: goodId, otherId: perfectId, viewerId: seed.organiserId }, p.ctx)).toBe(result);
  });

  it("refuses a submission compared with itself", async () => {
    await expect(compareSubmissionPair({ id: goodId, otherId: goodId, viewerId: seed.organiserId }, p.ctx)).rejects.toMatchObject({
      code: "INVALID_INPUT",
    });
  });

  it("opens to everyone once the phase has ended", async () => {
    p.setNow(new Date(end.getTime() + 1000));
    try {
      expect((await listComparableSubmissions({ id: goodId, viewerId: null }, p.ctx)).map((s) => s.teamName)).toEqual(["Team Rita"]);
      const result = await compareSubmissionPair({ id: perfectId, otherId: goodId, viewerId: null }, p.ctx);
      expect(result.tests[0]!.difference).toBeGreaterThan(0);
      expect(await getSubmissionDiagnostics({ id: goodId, viewerId: null }, p.ctx)).not.toBeNull();
    } finally {
      p.setNow(start);
    }
  });
});

describe("organiser views", () => {
  it("lists every submission with status and primary score, for organisers only", async () => {
    const rows = await listTaskSubmissions({ userId: seed.organiserId, slug: seed.slug }, p.ctx);
    const byTeam = rows
      .map((r) => [r.teamName, r.status, r.goldVersion, r.primaryValue === null ? null : Number(r.primaryValue.toFixed(4))])
      .sort();
    expect(byTeam).toEqual([
      ["Team Rita", "SCORED", 1, 1],
      ["Team Tariq", "SCORED", 1, 0.7692],
    ]);
    await expect(listTaskSubmissions({ userId: seed.memberId, slug: seed.slug }, p.ctx)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("re-scores one submission: queued again, audited, and refused while it waits", async () => {
    await rescoreSubmission({ userId: seed.organiserId, slug: seed.slug, submissionId: goodId }, p.ctx);
    expect(p.enqueued.at(-1)).toBe(goodId);
    expect((await p.ctx.db.submission.findUniqueOrThrow({ where: { id: goodId } })).status).toBe("QUEUED");
    await expect(rescoreSubmission({ userId: seed.organiserId, slug: seed.slug, submissionId: goodId }, p.ctx)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    await expect(rescoreSubmission({ userId: seed.memberId, slug: seed.slug, submissionId: perfectId }, p.ctx)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const audit = await listAuditLog({ userId: seed.organiserId, slug: seed.slug }, p.ctx);
    expect(audit[0]).toMatchObject({ action: "submission.rescore", targetId: goodId, details: { goldVersion: 1 } });
    await scoreNow(p.ctx, goodId);
  });

  it("re-scoring a phase after the gold changes keeps the previous scores as a version", async () => {
    const changed = fixtureText("gold.tsv").replace("d2\tBirds", "d2\tMammals");
    await uploadGold(
      {
        userId: seed.organiserId,
        slug: seed.slug,
        phaseKey: seed.phaseKey,
        fileName: "gold-v2.tsv",
        content: new TextEncoder().encode(changed),
      },
      p.ctx,
    );
    const { goldVersion, queued } = await rescorePhase({ userId: seed.organiserId, slug: seed.slug, phaseKey: seed.phaseKey }, p.ctx);
    expect({ goldVersion, queued }).toEqual({ goldVersion: 2, queued: 2 });
    await scoreNow(p.ctx, goodId);
    await scoreNow(p.ctx, perfectId);
    const rows = await listTaskSubmissions({ userId: seed.organiserId, slug: seed.slug }, p.ctx);
    expect(rows.map((r) => r.scoredGoldVersions)).toEqual([
      [2, 1],
      [2, 1],
    ]);
    const v1 = await p.ctx.db.score.findFirstOrThrow({ where: { submissionId: goodId, measure: "hc.f1", goldVersion: 1 } });
    const v2 = await p.ctx.db.score.findFirstOrThrow({ where: { submissionId: goodId, measure: "hc.f1", goldVersion: 2 } });
    expect(v2.value).toBeGreaterThan(v1.value!);
    expect((await getSubmission({ id: goodId, viewerId: seed.memberId }, p.ctx)).report?.goldVersion).toBe(2);
    // The diagnostics follow the newest score set: d2's Mammals is now right.
    const diagnostics = await getSubmissionDiagnostics({ id: goodId, viewerId: seed.memberId }, p.ctx);
    expect(diagnostics?.goldVersion).toBe(2);
    expect(diagnostics?.overPredicted.map((l) => l.label)).toEqual(["Birds"]);
  });
});
