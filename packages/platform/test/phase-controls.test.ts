// Phase controls: blind mode in every read path (board, submission, team area, analyses), the
// end-date guard, "end now" and "publish results" with what their confirmations say.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSubmission,
  describePhaseControls,
  endPhaseNow,
  getLeaderboard,
  getSubmission,
  getSubmissionDiagnostics,
  getTeamArea,
  listAuditLog,
  phaseControlsText,
  publishResults,
  updatePhase,
} from "../src/index.ts";
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
const START = new Date("2026-11-20T00:00:00Z");
const END = new Date("2026-11-30T00:00:00Z");
const phaseSettings = { key: "test", name: "Test", startsAt: START, endsAt: END, visibility: "PUBLIC" as const };
const submissionIds: string[] = [];

async function submitAt(at: string): Promise<string> {
  p.setNow(new Date(at));
  const created = await submitAsMember(p.ctx, seed, "pred.tsv", fixture("pred-good.tsv"));
  await scoreStoredSubmission(p.ctx.db, created.id, { finishedAt: new Date(at) });
  return created.id;
}
const board = (viewerId: string | null) =>
  getLeaderboard({ slug: seed.slug, phaseKey: seed.phaseKey, subtaskKey: seed.subtaskKey, viewerId }, p.ctx);

beforeAll(async () => {
  p = await createTestPlatform({ now: new Date("2026-11-21T00:00:00Z") });
  seed = await seedTask(p.ctx, { startsAt: START, endsAt: END });
  await updatePhase({ userId: seed.organiserId, slug: seed.slug, phaseKey: "test", ...phaseSettings, blind: true }, p.ctx);
  submissionIds.push(await submitAt("2026-11-22T10:00:00Z"), await submitAt("2026-11-24T10:00:00Z"));
  p.setNow(new Date("2026-11-25T00:00:00Z"));
});
afterAll(async () => {
  await p?.cleanup();
});

describe("blind mode", () => {
  it("shows the team 'scored' without values, in the team area and the submission API", async () => {
    const area = await getTeamArea({ slug: seed.slug, userId: seed.memberId }, p.ctx);
    expect(area?.submissions.map((s) => [s.status, s.primaryValue, s.scoreHidden])).toEqual([
      ["SCORED", null, true],
      ["SCORED", null, true],
    ]);
    const details = await getSubmission({ id: submissionIds[0]!, viewerId: seed.memberId }, p.ctx);
    expect(details).toMatchObject({
      status: "SCORED",
      scoresHidden: true,
      scores: [],
      report: null,
      scoreHistory: [],
      primaryByGoldVersion: [],
    });
    await expect(getSubmissionDiagnostics({ id: submissionIds[0]!, viewerId: seed.memberId }, p.ctx)).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringContaining("blind"),
    });
  });

  it("hides the board from the team and the public, not from the organisers", async () => {
    expect(await board(seed.memberId)).toMatchObject({ hidden: true, hiddenBy: "BLIND", rows: [] });
    expect(await board(null)).toMatchObject({ hidden: true, rows: [] });
    const organiserView = await board(seed.organiserId);
    expect(organiserView.hidden).toBeFalsy();
    expect(organiserView.rows).toHaveLength(1);
    const details = await getSubmission({ id: submissionIds[0]!, viewerId: seed.organiserId }, p.ctx);
    expect(details.scoresHidden).toBe(false);
    expect(details.scores.length).toBeGreaterThan(0);
  });
});

describe("end-date guard", () => {
  it("refuses an end before an existing submission and says how many", async () => {
    const moved = {
      userId: seed.organiserId,
      slug: seed.slug,
      phaseKey: "test",
      ...phaseSettings,
      blind: true,
      endsAt: new Date("2026-11-23T00:00:00Z"),
    };
    const refused = await updatePhase(moved, p.ctx).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      code: "LATER_SUBMISSIONS",
      details: { laterSubmissions: 1 },
      message: expect.stringContaining("and invalidate 1 later submission"),
    });
    await expect(updatePhase({ ...moved, invalidateLater: 2 }, p.ctx)).rejects.toMatchObject({ code: "LATER_SUBMISSIONS" });
    const phase = await p.ctx.db.phase.findFirstOrThrow({ where: { key: "test" } });
    expect(phase.endsAt.toISOString()).toBe(END.toISOString());
    expect(await p.ctx.db.submission.count({ where: { invalidatedAt: { not: null } } })).toBe(0);
  });

  it("with the explicit confirmation, moves the end and invalidates exactly the later submissions", async () => {
    const moved = {
      userId: seed.organiserId,
      slug: seed.slug,
      phaseKey: "test",
      ...phaseSettings,
      blind: true,
      endsAt: new Date("2026-11-26T00:00:00Z"),
    };
    // An end after both submissions needs no confirmation.
    await updatePhase(moved, p.ctx);
    await updatePhase({ ...moved, endsAt: new Date("2026-11-23T00:00:00Z"), invalidateLater: 1 }, p.ctx);
    const invalidated = await p.ctx.db.submission.findMany({ where: { invalidatedAt: { not: null } }, select: { id: true } });
    expect(invalidated.map((s) => s.id)).toEqual([submissionIds[1]]);
    const organiserView = await board(seed.organiserId);
    expect(organiserView.rows.map((r) => r.submissionId)).toEqual([submissionIds[0]]);
    const log = await listAuditLog({ slug: seed.slug, userId: seed.organiserId }, p.ctx);
    const entry = log.find(
      (e) => e.action === "phase.update" && (e.details as { invalidatedSubmissions?: number }).invalidatedSubmissions === 1,
    );
    expect(entry?.details).toMatchObject({ before: { endsAt: "2026-11-26T00:00:00.000Z" }, after: { endsAt: "2026-11-23T00:00:00.000Z" } });
    // Back to the original end for the rest of the file.
    await updatePhase({ ...moved, endsAt: END }, p.ctx);
  });
});

describe("end now and publish results", () => {
  it("says what becomes public before ending, ends now, and keeps blind scores hidden until published", async () => {
    const controls = await describePhaseControls({ userId: seed.organiserId, slug: seed.slug, phaseKey: "test" }, p.ctx);
    expect(controls).toMatchObject({ state: "running", scoredSubmissions: 1, teams: 1, publishResults: null });
    expect(controls.endNow).toContain("Scores stay hidden (blind phase)");
    await expect(publishResults({ userId: seed.organiserId, slug: seed.slug, phaseKey: "test" }, p.ctx)).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringContaining("end it first"),
    });
    await expect(endPhaseNow({ userId: seed.memberId, slug: seed.slug, phaseKey: "test" }, p.ctx)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });

    const { endsAt } = await endPhaseNow({ userId: seed.organiserId, slug: seed.slug, phaseKey: "test" }, p.ctx);
    expect(endsAt.toISOString()).toBe("2026-11-25T00:00:00.000Z");
    await expect(
      createSubmission(
        {
          userId: seed.memberId,
          slug: seed.slug,
          subtaskKey: seed.subtaskKey,
          phaseKey: "test",
          fileName: "late.tsv",
          content: fixture("pred-good.tsv"),
        },
        p.ctx,
      ),
    ).rejects.toMatchObject({ code: "PHASE_CLOSED" });
    await expect(endPhaseNow({ userId: seed.organiserId, slug: seed.slug, phaseKey: "test" }, p.ctx)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    p.setNow(new Date("2026-11-25T01:00:00Z"));
    expect(await board(null)).toMatchObject({ hidden: true, hiddenBy: "BLIND", rows: [] });
    expect((await getSubmission({ id: submissionIds[0]!, viewerId: seed.memberId }, p.ctx)).scoresHidden).toBe(true);

    const after = await describePhaseControls({ userId: seed.organiserId, slug: seed.slug, phaseKey: "test" }, p.ctx);
    expect(after.publishResults).toBe(
      'The board and every score of "Test" become public: 1 scored submission of 1 team. Teams see their own scores. This cannot be undone.',
    );
    await publishResults({ userId: seed.organiserId, slug: seed.slug, phaseKey: "test" }, p.ctx);
    const open = await board(null);
    expect(open.hidden).toBeFalsy();
    expect(open.rows.map((r) => r.teamName)).toEqual(["Team Tariq"]);
    const area = await getTeamArea({ slug: seed.slug, userId: seed.memberId }, p.ctx);
    expect(area?.submissions.find((s) => s.id === submissionIds[0])).toMatchObject({
      scoreHidden: false,
      primaryValue: expect.any(Number),
    });
    const actions = (await listAuditLog({ slug: seed.slug, userId: seed.organiserId }, p.ctx)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["phase.end-now", "phase.publish-results"]));
  });

  it("words a private (not blind) phase's end as opening its board", () => {
    const phase = { name: "Final", startsAt: START, endsAt: END, visibility: "PRIVATE" as const, blind: false, resultsPublishedAt: null };
    expect(phaseControlsText(phase, new Date("2026-11-21T00:00:00Z"), 3, 2).endNow).toBe(
      'Submissions to "Final" stop at once. The private board becomes public: 3 scored submissions of 2 teams, with their scores.',
    );
    expect(phaseControlsText(phase, new Date("2026-11-19T00:00:00Z"), 0, 0)).toMatchObject({
      state: "upcoming",
      endNow: null,
      publishResults: null,
    });
  });
});
