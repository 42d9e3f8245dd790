// The board's progress history and average-rank column against the real database: step series from
// scored submissions in time order, the baseline as a level, the board's visibility rules (private,
// blind, draft, disqualified, invalidated), and the average rank in the rows, the sort and the exports.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  boardToCsv,
  createSubmission,
  createTeam,
  createUser,
  getBoardHistory,
  getLeaderboard,
  getPaperTable,
  historyToCsv,
  setTaskStatus,
  sortBoardRows,
  updateBoardTies,
} from "../src/index.ts";
import {
  addScoredBaseline,
  createTestPlatform,
  scoreStoredSubmission,
  seedTask,
  type SeededTask,
  type TestPlatform,
} from "../src/testing/index.ts";

const text = (s: string) => new TextEncoder().encode(s);
const PERFECT = "d1\tCats\nd2\tBirds\nd3\tTrees\tFlowers\nd4\tDogs\nd5\tAnimals\n";
const GOOD = "d1\tCats\nd2\tMammals\nd3\tTrees\nd4\tDogs\tBirds\nd5\tAnimals\n";
const POOR = "d1\tDogs\nd2\tPlants\nd3\tAnimals\nd4\tCats\nd5\tPlants\n";
const START = new Date("2026-11-20T10:00:00Z");
const minute = (m: number) => new Date(START.getTime() + m * 60_000);

let p: TestPlatform;
let seed: SeededTask;
const users = new Map<string, string>();

async function submit(team: string, at: number, content: string): Promise<string> {
  p.setNow(minute(at));
  const userId = team === "Team Tariq" ? seed.memberId : users.get(team)!;
  const created = await createSubmission(
    { userId, slug: seed.slug, subtaskKey: seed.subtaskKey, phaseKey: seed.phaseKey, fileName: "run.tsv", content: text(content) },
    p.ctx,
  );
  await scoreStoredSubmission(p.ctx.db, created.id);
  return created.id;
}

const input = (viewerId: string | null = null) => ({ slug: seed.slug, phaseKey: seed.phaseKey, subtaskKey: seed.subtaskKey, viewerId });
const history = (viewerId: string | null = null) => getBoardHistory(input(viewerId), p.ctx);
const board = (viewerId: string | null = null) => getLeaderboard(input(viewerId), p.ctx);

beforeAll(async () => {
  p = await createTestPlatform({ now: minute(0) });
  seed = await seedTask(p.ctx, { slug: "progress" });
  for (const name of ["Owls", "Herons", "Gone"]) {
    const user = await createUser({ name, email: `${name.toLowerCase()}@progress.test`, password: "participant-pass" }, p.ctx);
    await createTeam({ userId: user.id, slug: seed.slug, name }, p.ctx);
    users.set(name, user.id);
  }
  await submit("Owls", 10, POOR);
  await submit("Owls", 20, GOOD);
  await submit("Owls", 30, POOR); // no improvement: no step
  await submit("Owls", 40, PERFECT);
  await submit("Herons", 15, GOOD);
  await submit("Team Tariq", 25, POOR);
  await submit("Gone", 12, PERFECT);
  p.setNow(minute(50));
  await addScoredBaseline(p.ctx, seed, text(POOR));
  await p.ctx.db.team.updateMany({ where: { name: "Gone" }, data: { disqualifiedAt: minute(45) } });
  p.setNow(minute(60));
});
afterAll(async () => p?.cleanup());

describe("progress over time", () => {
  it("gives one step series per counted team, best first, each step an improvement, and the baseline as a level", async () => {
    const h = await history();
    expect(h.hidden).toBe(false);
    expect(h.part).toBe("all");
    expect(h.measure.key).toBe("hc.f1");
    expect(h.until).toEqual(minute(60));
    // The disqualified team is left out, as on the board.
    expect(h.series.map((s) => s.team)).toEqual(["Owls", "Herons", "Team Tariq"]);
    const owls = h.series[0]!;
    expect(owls.steps.map((s) => s.at)).toEqual([minute(10), minute(20), minute(40)]);
    expect(owls.submissions).toBe(4);
    for (let i = 1; i < owls.steps.length; i += 1) expect(owls.steps[i]!.value).toBeGreaterThan(owls.steps[i - 1]!.value);
    // The last step is the team's best: the board's row under the BEST rule.
    const rows = (await board()).rows;
    for (const s of h.series) {
      const row = rows.find((r) => r.teamName === s.team)!;
      expect(s.steps.at(-1)!.value).toBe(row.scores["hc.f1"]!.value);
      expect(s.steps.at(-1)!.submissionId).toBe(row.submissionId);
    }
    expect(h.baselines.map((b) => b.name)).toEqual(["Majority"]);
    expect(h.baselines[0]!.value).toBe(rows.find((r) => r.isBaseline)!.scores["hc.f1"]!.value);
  });

  it("writes every step and the baseline as CSV", async () => {
    const csv = historyToCsv(await history());
    const lines = csv.trimEnd().split("\r\n");
    expect(lines[0]).toBe("kind,team,at,hc.f1,submission_id");
    expect(lines.filter((l) => l.startsWith("team,Owls,"))).toHaveLength(3);
    expect(lines.filter((l) => l.startsWith("baseline,Majority,,"))).toHaveLength(1);
    expect(lines).toHaveLength(1 + 3 + 1 + 1 + 1);
  });

  it("leaves out a submission invalidated after a moved end", async () => {
    const owlsLast = await p.ctx.db.submission.findFirstOrThrow({ where: { team: { name: "Owls" }, createdAt: minute(40) } });
    await p.ctx.db.submission.update({ where: { id: owlsLast.id }, data: { invalidatedAt: minute(60) } });
    try {
      const owls = (await history()).series.find((s) => s.team === "Owls")!;
      expect(owls.steps.map((s) => s.at)).toEqual([minute(10), minute(20)]);
    } finally {
      await p.ctx.db.submission.update({ where: { id: owlsLast.id }, data: { invalidatedAt: null } });
    }
  });

  it("follows a private board: a team sees its own series, an outsider none, an organiser all", async () => {
    await p.ctx.db.phase.updateMany({ where: { key: seed.phaseKey, task: { slug: seed.slug } }, data: { visibility: "PRIVATE" } });
    try {
      const outsider = await history(seed.outsiderId);
      expect([outsider.hidden, outsider.hiddenBy, outsider.series, outsider.baselines]).toEqual([true, "PRIVATE", [], []]);
      const member = await history(seed.memberId);
      expect(member.hidden).toBe(true);
      expect(member.series.map((s) => s.team)).toEqual(["Team Tariq"]);
      expect(member.baselines).toEqual([]);
      const organiser = await history(seed.organiserId);
      expect(organiser.series).toHaveLength(3);
    } finally {
      await p.ctx.db.phase.updateMany({ where: { key: seed.phaseKey, task: { slug: seed.slug } }, data: { visibility: "PUBLIC" } });
    }
  });

  it("shows nothing of a blind phase before its results, not even a team's own series", async () => {
    await p.ctx.db.phase.updateMany({ where: { key: seed.phaseKey, task: { slug: seed.slug } }, data: { blind: true } });
    try {
      const member = await history(seed.memberId);
      expect([member.hidden, member.hiddenBy, member.series]).toEqual([true, "BLIND", []]);
    } finally {
      await p.ctx.db.phase.updateMany({ where: { key: seed.phaseKey, task: { slug: seed.slug } }, data: { blind: false } });
    }
  });

  it("is not found for a draft task (except to its organisers), an unknown phase or subtask", async () => {
    await setTaskStatus({ userId: seed.organiserId, slug: seed.slug, status: "DRAFT" }, p.ctx);
    try {
      await expect(history(seed.memberId)).rejects.toMatchObject({ code: "NOT_FOUND" });
      expect((await history(seed.organiserId)).series).toHaveLength(3);
    } finally {
      await setTaskStatus({ userId: seed.organiserId, slug: seed.slug, status: "PUBLISHED" }, p.ctx);
    }
    await expect(getBoardHistory({ ...input(), phaseKey: "nope" }, p.ctx)).rejects.toThrow(AppError);
    await expect(getBoardHistory({ ...input(), subtaskKey: "nope" }, p.ctx)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("average rank", () => {
  it("is absent while the subtask's setting is off", async () => {
    const b = await board();
    expect(b.showsAverageRank).toBe(false);
    expect(b.rows.every((r) => !("averageRank" in r))).toBe(true);
    expect(boardToCsv(b).split("\r\n")[0]).not.toContain("average_rank");
  });

  it("carries each ranked row's mean rank over the shown measures, sorts by it and is in every export", async () => {
    await p.ctx.db.subtask.updateMany({ where: { key: seed.subtaskKey, task: { slug: seed.slug } }, data: { showAverageRank: true } });
    // The paper table waits for the board's tie tests, which the worker's board job runs.
    const [phase, subtask] = await Promise.all([
      p.ctx.db.phase.findFirstOrThrow({ where: { key: seed.phaseKey, task: { slug: seed.slug } } }),
      p.ctx.db.subtask.findFirstOrThrow({ where: { key: seed.subtaskKey, task: { slug: seed.slug } } }),
    ]);
    await updateBoardTies(p.ctx.db, { phaseId: phase.id, subtaskId: subtask.id });
    const b = await board();
    expect(b.showsAverageRank).toBe(true);
    // The paper table ranks every measure the way the board does; the mean of those ranks is the average rank.
    const paper = await getPaperTable({ ...input(), format: "markdown" }, p.ctx);
    for (const row of b.rows) {
      if (row.rank === null) {
        expect(row.averageRank).toBeNull();
        continue;
      }
      const md = paper.text.split("\n").find((l) => l.includes(`| ${row.teamName} |`))!;
      const ranks = [row.rank, ...[...md.matchAll(/\((\d+)\)/g)].map((m) => Number(m[1]))];
      expect(ranks).toHaveLength(b.measures.length);
      expect(row.averageRank).toBeCloseTo(ranks.reduce((a, x) => a + x, 0) / ranks.length, 10);
      expect(md).toContain(` ${row.averageRank!.toFixed(2)} |`);
    }
    expect(paper.text).toContain("| Avg. rank |");
    const latex = await getPaperTable({ ...input(), format: "latex" }, p.ctx);
    expect(latex.text).toContain("Avg.\\ rank");
    expect(latex.text).toContain("Average rank: the run's mean rank over the");

    const csv = boardToCsv(b).trimEnd().split("\r\n");
    const column = csv[0]!.split(",").indexOf("average_rank");
    expect(column).toBeGreaterThan(0);
    for (const [i, row] of b.rows.entries())
      expect(csv[i + 1]!.split(",")[column]).toBe(row.averageRank === null ? "" : String(row.averageRank));

    const sorted = sortBoardRows(b.rows, "averageRank", "asc").map((r) => r.averageRank ?? null);
    const defined = sorted.filter((v) => v !== null);
    expect(defined).toEqual([...defined].sort((x, y) => x - y));
    expect(sorted.at(-1)).toBeNull(); // the baseline, unranked, last whatever the order
    expect(sortBoardRows(b.rows, "averageRank", "desc").at(-1)!.averageRank).toBeNull();
  });
});
