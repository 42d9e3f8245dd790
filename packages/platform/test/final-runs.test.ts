// Final runs: "up to N selected runs count", the team's selection until the deadline, the default
// best N, the board's two layouts, and what the team page says counts and is left.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  boardCountingPhrase,
  createSubmission,
  createTeam,
  createUser,
  getLeaderboard,
  getPaperTable,
  getTeamFinalRuns,
  getTeamStanding,
  listTeamRuns,
  selectFinalRuns,
  setFinalRunSelected,
  updateBoardTies,
  updatePhase,
} from "../src/index.ts";
import { createTestPlatform, scoreStoredSubmission, seedTask, type SeededTask, type TestPlatform } from "../src/testing/index.ts";
import { GOOD, PERFECT, PHASE_END, PHASE_START, POOR, text } from "./fixture-runs.ts";

let p: TestPlatform;
let seed: SeededTask;
let rivalId: string;
const START = PHASE_START;
const END = PHASE_END;
const runs: Record<string, string> = {};
const settings = {
  userId: "",
  slug: "",
  phaseKey: "test",
  key: "test",
  name: "Test",
  startsAt: START,
  endsAt: END,
  dailyLimit: 3,
  totalLimit: 5,
  finalRuns: 2,
};

async function submit(name: string, userId: string, content: string, at: string): Promise<void> {
  p.setNow(new Date(at));
  const created = await createSubmission(
    { userId, slug: seed.slug, subtaskKey: seed.subtaskKey, phaseKey: seed.phaseKey, fileName: `${name}.tsv`, content: text(content) },
    p.ctx,
  );
  await scoreStoredSubmission(p.ctx.db, created.id, { finishedAt: new Date(at) });
  runs[name] = created.id;
}
const board = async (viewerId: string | null = null) =>
  (await getLeaderboard({ slug: seed.slug, phaseKey: seed.phaseKey, subtaskKey: seed.subtaskKey, viewerId }, p.ctx)).rows.map((r) => [
    r.teamName,
    r.submissionId,
  ]);
const name = (id: string) => Object.entries(runs).find(([, v]) => v === id)?.[0];

beforeAll(async () => {
  p = await createTestPlatform({ now: new Date("2026-11-21T00:00:00Z") });
  seed = await seedTask(p.ctx, { startsAt: START, endsAt: END });
  Object.assign(settings, { userId: seed.organiserId, slug: seed.slug });
  await updatePhase(settings, p.ctx);
  rivalId = (await createUser({ name: "Rita Rival", email: "rita@final.test", password: "participant-pass" }, p.ctx)).id;
  await createTeam({ userId: rivalId, slug: seed.slug, name: "Team Rita" }, p.ctx);
  await submit("tariq-perfect", seed.memberId, PERFECT, "2026-11-22T08:00:00Z");
  await submit("tariq-good", seed.memberId, GOOD, "2026-11-22T09:00:00Z");
  await submit("tariq-poor", seed.memberId, POOR, "2026-11-23T09:00:00Z");
  await submit("rita-good", rivalId, GOOD, "2026-11-22T10:00:00Z");
  p.setNow(new Date("2026-11-23T12:00:00Z"));
});
afterAll(async () => {
  await p?.cleanup();
});

describe("final runs", () => {
  it("counts each team's best N by default, one row a run", async () => {
    expect((await board()).map(([team, id]) => [team, name(id!)])).toEqual([
      ["Team Tariq", "tariq-perfect"],
      ["Team Tariq", "tariq-good"],
      ["Team Rita", "rita-good"],
    ]);
  });

  it("counts exactly what the team selects, and refuses more than N, others' runs and outsiders", async () => {
    const base = { slug: seed.slug, phaseKey: "test", subtaskKey: seed.subtaskKey };
    await expect(
      selectFinalRuns(
        { ...base, userId: seed.memberId, submissionIds: [runs["tariq-perfect"]!, runs["tariq-good"]!, runs["tariq-poor"]!] },
        p.ctx,
      ),
    ).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: "Select at most 2 runs; got 3.",
    });
    await expect(selectFinalRuns({ ...base, userId: seed.memberId, submissionIds: [runs["rita-good"]!] }, p.ctx)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(selectFinalRuns({ ...base, userId: seed.memberId, submissionIds: ["no-such-run"] }, p.ctx)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(selectFinalRuns({ ...base, userId: seed.outsiderId, submissionIds: [] }, p.ctx)).rejects.toMatchObject({
      code: "NOT_A_MEMBER",
    });
    await selectFinalRuns({ ...base, userId: seed.memberId, submissionIds: [runs["tariq-poor"]!, runs["tariq-good"]!] }, p.ctx);
    expect((await board()).map(([, id]) => name(id!))).toEqual(["tariq-good", "rita-good", "tariq-poor"]);
  });

  it("closes the selection at the deadline and keeps the last one", async () => {
    p.setNow(END);
    await expect(
      selectFinalRuns(
        { slug: seed.slug, phaseKey: "test", subtaskKey: seed.subtaskKey, userId: seed.memberId, submissionIds: [runs["tariq-perfect"]!] },
        p.ctx,
      ),
    ).rejects.toMatchObject({ code: "PHASE_CLOSED" });
    expect((await board()).map(([, id]) => name(id!))).toEqual(["tariq-good", "rita-good", "tariq-poor"]);
    p.setNow(new Date("2026-11-23T12:00:00Z"));
  });

  it("names each run by its file where the board shows several rows of a team, and no run where it shows one", async () => {
    const rows = async () =>
      (await getLeaderboard({ slug: seed.slug, phaseKey: seed.phaseKey, subtaskKey: seed.subtaskKey, viewerId: null }, p.ctx)).rows.map(
        (r) => [r.teamName, r.run, `${name(r.submissionId)}.tsv`],
      );
    // Team Tariq's two counted runs (its selection), each under its own file name.
    const shown = await rows();
    expect(shown.filter(([team]) => team === "Team Tariq")).toHaveLength(2);
    for (const [team, run, file] of shown) expect(run).toBe(team === "Team Tariq" ? file : null);
    await updatePhase({ ...settings, finalRunsBoard: "TEAM_BEST" }, p.ctx);
    expect((await rows()).map(([team, run]) => [team, run])).toEqual([
      ["Team Tariq", null],
      ["Team Rita", null],
    ]);
    await updatePhase(settings, p.ctx);
  });

  it("can show each team's best selected run only", async () => {
    await updatePhase({ ...settings, finalRunsBoard: "TEAM_BEST" }, p.ctx);
    expect((await board()).map(([team, id]) => [team, name(id!)])).toEqual([
      ["Team Tariq", "tariq-good"],
      ["Team Rita", "rita-good"],
    ]);
    await updatePhase(settings, p.ctx);
  });

  it("tells the team what is left today and in total, and which runs count", async () => {
    const [block] = await getTeamFinalRuns({ slug: seed.slug, userId: seed.memberId }, p.ctx);
    expect(block).toMatchObject({ finalRuns: 2, open: true, leftToday: 2, leftInTotal: 2, teamSelected: true });
    expect(Object.fromEntries(block!.runs.map((r) => [name(r.id), [r.selected, r.counts]]))).toEqual({
      "tariq-perfect": [false, false],
      "tariq-good": [true, true],
      "tariq-poor": [true, true],
    });
    expect(await getTeamFinalRuns({ slug: seed.slug, userId: seed.outsiderId }, p.ctx)).toEqual([]);
  });

  it("the board and the paper's caption say that selected final runs count, up to N per team", async () => {
    // A new selection changes the board's neighbours: the worker's board job tests them before a paper table.
    const phase = await p.ctx.db.phase.findFirstOrThrow({ where: { key: seed.phaseKey } });
    const subtask = await p.ctx.db.subtask.findFirstOrThrow({ where: { key: seed.subtaskKey } });
    await updateBoardTies(p.ctx.db, { phaseId: phase.id, subtaskId: subtask.id });
    const shown = await getLeaderboard({ slug: seed.slug, phaseKey: seed.phaseKey, subtaskKey: seed.subtaskKey, viewerId: null }, p.ctx);
    expect(shown).toMatchObject({ finalRuns: 2, finalRunsBoard: "RUNS" });
    const paper = await getPaperTable(
      { slug: seed.slug, phaseKey: seed.phaseKey, subtaskKey: seed.subtaskKey, viewerId: null, format: "markdown" },
      p.ctx,
    );
    expect(paper.text).toContain(
      "using each team's selected final runs, up to 2 per team (one row a run); a team that selected none counts with its best 2 runs.",
    );
    expect(paper.text).not.toContain("each team's best run)");
    expect(boardCountingPhrase(shown)).toContain("up to 2 per team");
  });
});

describe("final runs through the API's platform functions", () => {
  const select = (userId: string, run: string, selected = true) =>
    setFinalRunSelected({ userId, submissionId: runs[run] ?? run, selected }, p.ctx);

  it("selects and unselects one run at a time, idempotently, keeping the others (oldest first)", async () => {
    // From the earlier tests: tariq-good and tariq-poor are selected (N = 2).
    expect(await select(seed.memberId, "tariq-poor", false)).toEqual({
      selected: [runs["tariq-good"]],
      finalRuns: 2,
      phaseKey: "test",
      subtaskKey: seed.subtaskKey,
    });
    expect((await select(seed.memberId, "tariq-perfect")).selected).toEqual([runs["tariq-perfect"], runs["tariq-good"]]);
    expect((await select(seed.memberId, "tariq-perfect")).selected).toEqual([runs["tariq-perfect"], runs["tariq-good"]]);
    expect((await select(seed.memberId, "tariq-poor", false)).selected).toEqual([runs["tariq-perfect"], runs["tariq-good"]]);
    expect((await board()).map(([, id]) => name(id!))).toEqual(["tariq-perfect", "tariq-good", "rita-good"]);
  });

  it("refuses a run over the maximum, another team's run, an unknown one and someone without a team", async () => {
    await expect(select(seed.memberId, "tariq-poor")).rejects.toMatchObject({
      code: "CONFLICT",
      message: 'At most 2 runs count in "Test", and your team has selected 2 runs; unselect one first.',
    });
    await expect(select(seed.memberId, "rita-good")).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(select(rivalId, "tariq-good", false)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(select(seed.outsiderId, "tariq-good")).rejects.toMatchObject({ code: "NOT_A_MEMBER" });
    await expect(select(seed.memberId, "no-such-run")).rejects.toMatchObject({ code: "NOT_FOUND" });
    const [block] = await getTeamFinalRuns({ slug: seed.slug, userId: seed.memberId }, p.ctx);
    expect(block!.runs.filter((r) => r.selected).map((r) => name(r.id))).toEqual(["tariq-good", "tariq-perfect"]); // newest first
  });

  it("changes the selection until the last millisecond before the deadline (UTC), and not at it", async () => {
    p.setNow(new Date(END.getTime() - 1));
    expect((await select(seed.memberId, "tariq-perfect", false)).selected).toEqual([runs["tariq-good"]]);
    p.setNow(END);
    await expect(select(seed.memberId, "tariq-perfect")).rejects.toMatchObject({
      code: "PHASE_CLOSED",
      message: "The selection of final runs closed with the phase at 2026-11-30T00:00:00.000Z (UTC).",
    });
    await expect(select(seed.memberId, "tariq-good", false)).rejects.toMatchObject({ code: "PHASE_CLOSED" });
    const [block] = await getTeamFinalRuns({ slug: seed.slug, userId: seed.memberId }, p.ctx);
    expect(block!.runs.filter((r) => r.selected).map((r) => name(r.id))).toEqual(["tariq-good"]);
    p.setNow(new Date("2026-11-23T12:00:00Z"));
  });

  it("lists only the viewer's own team's runs, with selection, counting and primary scores", async () => {
    const listed = await listTeamRuns({ userId: seed.memberId, slug: seed.slug, phaseKey: "test" }, p.ctx);
    expect(listed.team).toEqual({ name: "Team Tariq" });
    expect(listed.groups).toHaveLength(1);
    const [group] = listed.groups;
    expect(group).toMatchObject({ phaseKey: "test", subtaskKey: seed.subtaskKey, finalRuns: 2, open: true, scoresHidden: false });
    expect(group!.runs.map((r) => [name(r.id), r.selected, r.counts])).toEqual([
      ["tariq-poor", false, false],
      ["tariq-good", true, true],
      ["tariq-perfect", false, false],
    ]);
    expect(group!.runs.find((r) => r.id === runs["tariq-perfect"])!.primary).toBe(1);
    expect(group!.runs.find((r) => r.id === runs["tariq-poor"])!.primary).toBeLessThan(1);
    const rivals = await listTeamRuns({ userId: rivalId, slug: seed.slug }, p.ctx);
    expect(rivals.groups.flatMap((g) => g.runs.map((r) => name(r.id)))).toEqual(["rita-good"]);
    await expect(listTeamRuns({ userId: seed.outsiderId, slug: seed.slug }, p.ctx)).rejects.toMatchObject({ code: "NOT_A_MEMBER" });
    await expect(listTeamRuns({ userId: seed.memberId, slug: seed.slug, phaseKey: "nope" }, p.ctx)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(listTeamRuns({ userId: seed.memberId, slug: "no-such-task" }, p.ctx)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("tells a team in a blind phase how many files are scored, not which one counts", async () => {
    const standing = async () => (await getTeamStanding({ slug: seed.slug, userId: seed.memberId }, p.ctx))[0]!;
    expect(await standing()).toMatchObject({ scoresHidden: false, scoredTotal: 3 });
    expect((await standing()).counting).not.toBeNull();
    await updatePhase({ ...settings, blind: true }, p.ctx);
    expect(await standing()).toMatchObject({ scoresHidden: true, scoredTotal: 3, usedTotal: 3, counting: null });
    await updatePhase(settings, p.ctx);
  });

  it("lists no primary scores in a blind phase before its results", async () => {
    await updatePhase({ ...settings, blind: true }, p.ctx);
    const [group] = (await listTeamRuns({ userId: seed.memberId, slug: seed.slug }, p.ctx)).groups;
    expect(group!.scoresHidden).toBe(true);
    expect(group!.runs.map((r) => r.primary)).toEqual([null, null, null]);
    await updatePhase(settings, p.ctx);
  });
});

describe("final runs in a blind phase", () => {
  // Tariq's runs: perfect > good > poor by the hidden primary score; the best 2 are perfect and good.
  const base = () => ({ slug: seed.slug, phaseKey: "test", subtaskKey: seed.subtaskKey, userId: seed.memberId });
  const marks = async () => {
    const [block] = await getTeamFinalRuns({ slug: seed.slug, userId: seed.memberId }, p.ctx);
    return Object.fromEntries(block!.runs.map((r) => [name(r.id) ?? r.fileName, r.counts]));
  };

  beforeAll(async () => {
    await updatePhase({ ...settings, blind: true }, p.ctx);
  });
  afterAll(async () => {
    await updatePhase(settings, p.ctx);
  });

  it("does not mark the best runs while the team's only choice waits to be scored", async () => {
    // A fresh upload, not scored yet, is the whole selection: the board falls back to the best 2.
    const queued = await createSubmission({ ...base(), fileName: "tariq-queued.tsv", content: text(GOOD) }, p.ctx);
    await selectFinalRuns({ ...base(), submissionIds: [queued.id] }, p.ctx);
    expect(await marks()).toEqual({ "tariq-queued.tsv": null, "tariq-perfect": null, "tariq-good": null, "tariq-poor": null });
  });

  it("does not mark the best runs without a selection", async () => {
    await selectFinalRuns({ ...base(), submissionIds: [] }, p.ctx);
    expect(Object.values(await marks())).toEqual([null, null, null, null]);
  });

  it("marks a selection of scored runs, which counts whatever the scores", async () => {
    await selectFinalRuns({ ...base(), submissionIds: [runs["tariq-poor"]!] }, p.ctx);
    expect(await marks()).toEqual({ "tariq-queued.tsv": false, "tariq-perfect": false, "tariq-good": false, "tariq-poor": true });
  });

  it("does not tell which selected runs count once N is below the selection (the best of them would)", async () => {
    await selectFinalRuns({ ...base(), submissionIds: [runs["tariq-poor"]!, runs["tariq-perfect"]!] }, p.ctx);
    await updatePhase({ ...settings, finalRuns: 1, blind: true }, p.ctx);
    expect(Object.values(await marks())).toEqual([null, null, null, null]);
    // With the scores public again, the same selection shows its best run counting.
    await updatePhase({ ...settings, finalRuns: 1 }, p.ctx);
    expect((await marks())["tariq-perfect"]).toBe(true);
  });
});
