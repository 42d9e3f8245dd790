// upload → queue → worker → scores, against the real Postgres (fresh database) and Redis.
import { createHash } from "node:crypto";
import { evaluate, flattenMeasures, parseLabelText, parseTaxonomy } from "@hierboard/metrics";
import { createSubmission, createTeam, createUser, getLeaderboard, getSubmission, rescorePhase, uploadGold } from "@hierboard/platform";
import { createTestPlatform, fixture, seedTask, type SeededTask, type TestPlatform, submitAsMember } from "@hierboard/platform/testing";
import { enqueueScoring, scoringJobId } from "@hierboard/queue";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessWorker, waitFor, waitForStatus } from "./helpers.ts";

let p: TestPlatform;
let seed: SeededTask;
let worker: Awaited<ReturnType<typeof startInProcessWorker>>;

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

beforeAll(async () => {
  p = await createTestPlatform();
  seed = await seedTask(p.ctx);
  worker = await startInProcessWorker(p);
});
afterAll(async () => {
  await worker?.stop();
  await p?.cleanup();
});

function submit(name: "pred-good.tsv" | "pred-perfect.tsv") {
  return submitAsMember(p.ctx, seed, name, fixture(name));
}

describe("scoring pipeline", () => {
  it("stores exactly the engine's values for the same files, with reproducibility hashes", async () => {
    const { id } = await submit("pred-good.tsv");
    await waitForStatus(p.ctx.db, id, "SCORED");

    const taxonomy = parseTaxonomy(fixture("taxonomy.tsv"), { fileName: "taxonomy.tsv" });
    const gold = parseLabelText(fixture("gold.tsv"), { taxonomy, role: "gold", fileName: "gold.tsv" });
    const pred = parseLabelText(fixture("pred-good.tsv"), { taxonomy, role: "prediction", fileName: "pred-good.tsv" });
    const expected = flattenMeasures(evaluate({ taxonomy, gold, pred, metrics: "all" }));

    const rows = await p.ctx.db.score.findMany({ where: { submissionId: id } });
    const stored = Object.fromEntries(rows.map((r) => [r.measure, r.value]));
    for (const measure of ["hc.f1", "hc.mcc", "flat.micro.f1", "flat.macro.f1", "hierarchical.f1", "lca.f1"]) {
      expect(stored[measure], measure).toBe(expected[measure]);
    }
    for (const [measure, value] of Object.entries(stored)) {
      if (value !== null) expect(value, measure).toBe(expected[measure]);
    }
    expect(rows.every((r) => r.goldVersion === 1)).toBe(true);

    const sets = await p.ctx.db.scoreSet.findMany({ where: { submissionId: id } });
    expect(sets).toHaveLength(1);
    expect(sets[0]).toMatchObject({
      goldVersion: 1,
      documents: 5,
      taxonomyHash: sha256(fixture("taxonomy.tsv")),
      goldHash: sha256(fixture("gold.tsv")),
      engineVersion: expect.any(String),
    });
    expect((sets[0]!.breakdown as { hc: { tp: number } }).hc.tp).toBeGreaterThan(0);

    const details = await getSubmission({ id, viewerId: seed.memberId }, p.ctx);
    expect(details.status).toBe("SCORED");
    expect(details.startedAt).not.toBeNull();
    expect(details.finishedAt).not.toBeNull();
    // The gold's hash is the organisers' until the phase ends (docs/security.md); the team sees none.
    expect(details.report?.goldHash).toBeNull();
    expect((await getSubmission({ id, viewerId: seed.organiserId }, p.ctx)).report?.goldHash).toBe(sha256(fixture("gold.tsv")));

    const job = await p.queue.getJob(scoringJobId(id));
    expect(job?.progress).toBe(100);
  });

  it("is idempotent: enqueueing or running a scored submission again adds no rows", async () => {
    const [scored] = await p.ctx.db.submission.findMany({ where: { status: "SCORED" } });
    const before = await p.ctx.db.score.count({ where: { submissionId: scored!.id } });
    await enqueueScoring(p.queue, scored!.id);
    await enqueueScoring(p.queue, scored!.id, { replace: true });
    await waitFor("the re-run job to finish", async () =>
      (await p.queue.getJobCounts("waiting", "active")).waiting === 0 && (await p.queue.getJobCounts("active")).active === 0
        ? true
        : undefined,
    );
    expect(await p.ctx.db.score.count({ where: { submissionId: scored!.id } })).toBe(before);
    expect(await p.ctx.db.scoreSet.count({ where: { submissionId: scored!.id } })).toBe(1);
  });

  it("fails a submission whose stored file cannot be scored, with the engine's line-numbered message, without retries", async () => {
    const team = await p.ctx.db.team.findUniqueOrThrow({ where: { id: seed.teamId } });
    const good = await p.ctx.db.submission.findFirstOrThrow();
    // Bypasses the upload validation on purpose: as if the taxonomy had changed under it.
    const broken = await p.ctx.db.submission.create({
      data: {
        teamId: team.id,
        uploaderId: seed.memberId,
        subtaskId: good.subtaskId,
        phaseId: good.phaseId,
        fileName: "broken.tsv",
        content: fixture("pred-unknown-label.tsv") as Uint8Array<ArrayBuffer>,
        contentHash: "x",
        sizeBytes: 1,
      },
    });
    await p.ctx.enqueueScoring(broken.id);
    await waitForStatus(p.ctx.db, broken.id, "FAILED");
    const row = await p.ctx.db.submission.findUniqueOrThrow({ where: { id: broken.id } });
    expect(row.errorMessage).toMatch(/^broken\.tsv:3: .*Unicorns/);
    const job = await p.queue.getJob(scoringJobId(broken.id));
    expect(job?.attemptsMade).toBe(1);
    expect(await p.ctx.db.score.count({ where: { submissionId: broken.id } })).toBe(0);
  });

  it("gives up at once on a job whose submission does not exist (NOT_FOUND: the error table says no retry helps)", async () => {
    await enqueueScoring(p.queue, "no-such-submission");
    const job = await waitFor("the job of a missing submission to fail", async () => {
      const found = await p.queue.getJob(scoringJobId("no-such-submission"));
      return found && (await found.isFailed()) ? found : undefined;
    });
    expect(job.failedReason).toBe("submission no-such-submission does not exist");
    expect(job.attemptsMade).toBe(1);
    expect(job.opts.attempts).toBeGreaterThan(1);
  });

  it("ranks teams on the leaderboard by the primary measure", async () => {
    const { id } = await submit("pred-perfect.tsv");
    await waitForStatus(p.ctx.db, id, "SCORED");
    const board = await getLeaderboard({ slug: seed.slug, phaseKey: seed.phaseKey, subtaskKey: seed.subtaskKey, viewerId: null }, p.ctx);
    // One row per team: the BEST rule picks the perfect submission.
    expect(board.rows).toHaveLength(1);
    expect(board.rows[0]).toMatchObject({ rank: 1, teamName: "Team Tariq", submissionId: id, isBaseline: false });
    expect(board.rows[0]?.scores["hc.f1"]?.value).toBe(1);
    expect(board.measures.map((m) => m.key)).toEqual(["hc.f1", "flat.micro.f1", "hierarchical.f1"]);
  });

  it("stores the per-document statistics with the scores, and its board job writes the tie rows", async () => {
    const rival = await createUser({ name: "Rita", email: "rita@pipeline.test", password: "rival-pass-123" }, p.ctx);
    await createTeam({ userId: rival.id, slug: seed.slug, name: "Team Rita" }, p.ctx);
    const { id } = await createSubmission(
      {
        userId: rival.id,
        slug: seed.slug,
        subtaskKey: seed.subtaskKey,
        phaseKey: seed.phaseKey,
        fileName: "pred-good.tsv",
        content: fixture("pred-good.tsv"),
      },
      p.ctx,
    );
    await waitForStatus(p.ctx.db, id, "SCORED");
    const set = await p.ctx.db.scoreSet.findFirstOrThrow({ where: { submissionId: id } });
    expect(set.statisticsFamilies).toEqual(["flat", "hc", "hierarchical"]);
    expect(set.statistics?.byteLength).toBeGreaterThan(0);
    expect(set.labelErrors).toMatchObject({
      overPredicted: [
        { label: "Birds", fp: 1 },
        { label: "Mammals", fp: 1 },
      ],
    });
    const input = { slug: seed.slug, phaseKey: seed.phaseKey, subtaskKey: seed.subtaskKey, viewerId: null };
    const board = await waitFor("the board job's tie rows", async () => {
      const b = await getLeaderboard(input, p.ctx);
      return b.rows.length === 2 && !b.ties.pending ? b : undefined;
    });
    expect(board.ties.complete).toBe(true);
    expect(board.rows[1]?.tie).toMatchObject({ group: 1, tiedWithAbove: true }); // five documents: no significant difference
    expect(await p.ctx.db.boardTie.count()).toBe(2);
  });

  it("re-scores a phase after the gold changes and keeps the old score set as a version", async () => {
    await uploadGold(
      { userId: seed.organiserId, slug: seed.slug, phaseKey: seed.phaseKey, fileName: "gold-v2.tsv", content: fixture("pred-good.tsv") },
      p.ctx,
    );
    const { queued, goldVersion } = await rescorePhase({ userId: seed.organiserId, slug: seed.slug, phaseKey: seed.phaseKey }, p.ctx);
    expect(goldVersion).toBe(2);
    expect(queued).toBe(4);
    const ids = (await p.ctx.db.submission.findMany({ where: { fileName: { not: "broken.tsv" } }, select: { id: true } })).map((s) => s.id);
    for (const id of ids) await waitForStatus(p.ctx.db, id, "SCORED");
    for (const id of ids) {
      const sets = await p.ctx.db.scoreSet.findMany({ where: { submissionId: id }, orderBy: { goldVersion: "asc" } });
      expect(sets.map((s) => s.goldVersion)).toEqual([1, 2]);
    }
    const board = await getLeaderboard({ slug: seed.slug, phaseKey: seed.phaseKey, subtaskKey: null, viewerId: null }, p.ctx);
    expect(board.rows[0]?.goldVersion).toBe(2);
  });

  it("adds seeded bootstrap intervals around each value when the subtask asks for them", async () => {
    await p.ctx.db.subtask.updateMany({ data: { bootstrap: 200 } });
    const { id } = await submit("pred-good.tsv");
    await waitForStatus(p.ctx.db, id, "SCORED");
    const rows = await p.ctx.db.score.findMany({
      where: { submissionId: id, goldVersion: 2, measure: { in: ["hc.f1", "flat.micro.f1"] } },
    });
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.ciLow).not.toBeNull();
      expect(row.ciLow!).toBeLessThanOrEqual(row.value!);
      expect(row.ciHigh!).toBeGreaterThanOrEqual(row.value!);
    }
  });
});
