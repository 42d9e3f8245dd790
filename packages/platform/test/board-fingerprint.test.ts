// The board cache's key (loadBoardKey's fingerprint) against real Postgres: everything that changes
// what the board shows must change it, so no web process serves a stale board (or a page rendered
// from one), and nothing else may (a cache hit must stay a hit).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSubmission,
  createTeam,
  createUser,
  getLeaderboard,
  loadBoardKey,
  publicTaskPage,
  publicTaskPageKey,
  setFinalRunSelected,
  updatePhase,
} from "../src/index.ts";
import { createTestPlatform, scoreStoredSubmission, seedTask, type SeededTask, type TestPlatform } from "../src/testing/index.ts";
import { GOOD, PERFECT, PHASE_END, PHASE_START, POOR, text } from "./fixture-runs.ts";

let p: TestPlatform;
let seed: SeededTask;
let ritaId: string;
const START = PHASE_START;
const END = PHASE_END;
const runs: Record<string, string> = {};
const phase = { userId: "", slug: "", phaseKey: "test", key: "test", name: "Test", startsAt: START, endsAt: END, finalRuns: 1 };

async function submit(name: string, userId: string, content: string, at: string): Promise<void> {
  const created = await createSubmission(
    { userId, slug: seed.slug, subtaskKey: seed.subtaskKey, phaseKey: seed.phaseKey, fileName: `${name}.tsv`, content: text(content) },
    p.ctx,
  );
  await scoreStoredSubmission(p.ctx.db, created.id, { finishedAt: new Date(at) });
  runs[name] = created.id;
}
const fingerprint = async () => (await loadBoardKey(p.ctx.db, seed.slug, seed.phaseKey, seed.subtaskKey)).fingerprint;
const board = () => getLeaderboard({ slug: seed.slug, phaseKey: seed.phaseKey, subtaskKey: seed.subtaskKey, viewerId: null }, p.ctx);
const shown = async () => (await board()).rows.map((r) => [r.teamName, r.submissionId]);

beforeAll(async () => {
  p = await createTestPlatform({ now: new Date("2026-11-23T12:00:00Z") });
  seed = await seedTask(p.ctx, { startsAt: START, endsAt: END });
  Object.assign(phase, { userId: seed.organiserId, slug: seed.slug });
  await updatePhase(phase, p.ctx);
  ritaId = (await createUser({ name: "Rita Rival", email: "rita@fingerprint.test", password: "participant-pass" }, p.ctx)).id;
  await createTeam({ userId: ritaId, slug: seed.slug, name: "Team Rita" }, p.ctx);
  await submit("tariq-perfect", seed.memberId, PERFECT, "2026-11-22T08:00:00Z");
  await submit("tariq-poor", seed.memberId, POOR, "2026-11-22T09:00:00Z");
  await submit("rita-good", ritaId, GOOD, "2026-11-22T10:00:00Z");
});
afterAll(async () => {
  await p?.cleanup();
});

describe("the board's fingerprint", () => {
  it("stays the same, and the cached board with it, while nothing changes", async () => {
    const before = await fingerprint();
    const first = await board();
    expect(await fingerprint()).toBe(before);
    expect(await board()).toBe(first);
  });

  it("changes with a team's final-run selection (no new score), and the board follows", async () => {
    expect(await shown()).toEqual([
      ["Team Tariq", runs["tariq-perfect"]],
      ["Team Rita", runs["rita-good"]],
    ]);
    const before = await fingerprint();
    await setFinalRunSelected({ userId: seed.memberId, submissionId: runs["tariq-poor"]!, selected: true }, p.ctx);
    expect(await fingerprint()).not.toBe(before);
    expect(await shown()).toEqual([
      ["Team Rita", runs["rita-good"]],
      ["Team Tariq", runs["tariq-poor"]],
    ]);
    // Unselecting goes back to the best run: a change again, not a return to a stale cached board.
    const selected = await fingerprint();
    await setFinalRunSelected({ userId: seed.memberId, submissionId: runs["tariq-poor"]!, selected: false }, p.ctx);
    expect(await fingerprint()).not.toBe(selected);
    expect((await shown())[0]).toEqual(["Team Tariq", runs["tariq-perfect"]]);
  });

  it("changes when a submission is invalidated", async () => {
    const before = await fingerprint();
    await p.ctx.db.submission.update({ where: { id: runs["rita-good"]! }, data: { invalidatedAt: new Date("2026-11-23T11:00:00Z") } });
    expect(await fingerprint()).not.toBe(before);
    expect((await shown()).map(([team]) => team)).toEqual(["Team Tariq"]);
    await p.ctx.db.submission.update({ where: { id: runs["rita-good"]! }, data: { invalidatedAt: null } });
    expect((await shown()).map(([team]) => team)).toEqual(["Team Tariq", "Team Rita"]);
  });

  it("changes when a team is renamed or disqualified", async () => {
    const team = await p.ctx.db.team.findFirstOrThrow({ where: { name: "Team Rita" } });
    const before = await fingerprint();
    await p.ctx.db.team.update({ where: { id: team.id }, data: { name: "Team Rita Renamed" } });
    const renamed = await fingerprint();
    expect(renamed).not.toBe(before);
    expect((await shown()).map(([name]) => name)).toEqual(["Team Tariq", "Team Rita Renamed"]);
    await p.ctx.db.team.update({ where: { id: team.id }, data: { disqualifiedAt: new Date("2026-11-23T11:30:00Z") } });
    expect(await fingerprint()).not.toBe(renamed);
    expect((await shown()).map(([name]) => name)).toEqual(["Team Tariq"]);
  });

  it("changes with the phase's visibility and blind mode", async () => {
    const before = await fingerprint();
    await updatePhase({ ...phase, visibility: "PRIVATE" }, p.ctx);
    const hidden = await fingerprint();
    expect(hidden).not.toBe(before);
    expect((await board()).hidden).toBe(true);
    await updatePhase({ ...phase, visibility: "PRIVATE", blind: true }, p.ctx);
    expect(await fingerprint()).not.toBe(hidden);
  });
});

describe("the public task pages' key", () => {
  const pageKey = () => publicTaskPageKey(seed.slug, p.ctx);

  it("stays while nothing changes, and changes with a new score, a selection, a team or the task's text", async () => {
    const first = await pageKey();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(await pageKey()).toBe(first);
    await submit("rita-perfect", ritaId, PERFECT, "2026-11-23T09:00:00Z");
    const scored = await pageKey();
    expect(scored).not.toBe(first);
    await setFinalRunSelected({ userId: ritaId, submissionId: runs["rita-perfect"]!, selected: true }, p.ctx);
    const selected = await pageKey();
    expect(selected).not.toBe(scored);
    await p.ctx.db.team.update({
      where: { id: (await p.ctx.db.team.findFirstOrThrow({ where: { name: { startsWith: "Team Rita" } } })).id },
      data: { name: "Team Rita Again" },
    });
    const renamed = await pageKey();
    expect(renamed).not.toBe(selected);
    await p.ctx.db.task.update({ where: { slug: seed.slug }, data: { description: "New words." } });
    expect(await pageKey()).not.toBe(renamed);
  });

  it("comes with the task's phase and subtask keys, the values the page cache keeps", async () => {
    const page = await publicTaskPage(seed.slug, p.ctx);
    expect(page?.key).toBe(await pageKey());
    expect(page?.phaseKeys).toEqual(
      (await p.ctx.db.phase.findMany({ where: { task: { slug: seed.slug } }, orderBy: { key: "asc" } })).map((x) => x.key),
    );
    expect(page?.subtaskKeys).toEqual([seed.subtaskKey]);
  });

  it("is null for a draft, which is never cached", async () => {
    await p.ctx.db.task.update({ where: { slug: seed.slug }, data: { status: "DRAFT" } });
    expect(await pageKey()).toBeNull();
    expect(await publicTaskPageKey("no-such-task", p.ctx)).toBeNull();
  });
});
