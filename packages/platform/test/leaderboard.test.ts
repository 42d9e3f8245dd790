// The public board against real Postgres (fresh database): ranking rules, ties, baselines,
// private phases, sorting, side by side, export and the cache's invalidation.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  boardToCsv,
  boardToJson,
  createPhase,
  createSubmission,
  createTeam,
  createUser,
  defaultOrder,
  getLeaderboard,
  SIDE_BY_SIDE_MEASURES,
  sortBoardRows,
  updatePhase,
  uploadGold,
  type Leaderboard,
} from "../src/index.ts";
import {
  addScoredBaseline,
  createTestPlatform,
  fixture,
  scoreStoredSubmission,
  seedTask,
  type SeededTask,
  type TestPlatform,
} from "../src/testing/index.ts";

let p: TestPlatform;
let seed: SeededTask;
const NOW = new Date("2026-11-22T10:00:00Z");
const text = (s: string) => new TextEncoder().encode(s);
let minute = 0;
const nextFinish = () => new Date(NOW.getTime() - 3_600_000 + ++minute * 1000);

async function member(name: string): Promise<{ userId: string; team: string }> {
  const user = await createUser({ name, email: `${name.toLowerCase().replace(/\W/g, "")}@zoo.test`, password: "participant-pass" }, p.ctx);
  const team = `Team ${name}`;
  await createTeam({ userId: user.id, slug: seed.slug, name: team }, p.ctx);
  return { userId: user.id, team };
}

async function submitScored(userId: string, content: Uint8Array, phaseKey = seed.phaseKey, boardJob = true): Promise<string> {
  const created = await createSubmission(
    { userId, slug: seed.slug, subtaskKey: seed.subtaskKey, phaseKey, fileName: "pred.tsv", content },
    p.ctx,
  );
  await scoreStoredSubmission(p.ctx.db, created.id, { finishedAt: nextFinish(), boardJob });
  return created.id;
}

const board = (viewerId: string | null = null, phaseKey = seed.phaseKey) =>
  getLeaderboard({ slug: seed.slug, phaseKey, subtaskKey: seed.subtaskKey, viewerId }, p.ctx);
const names = (b: Leaderboard) => b.rows.map((r) => [r.rank, r.teamName]);

// gold (fixture): d1 Cats · d2 Birds · d3 Trees Flowers · d4 Dogs · d5 Animals
const PERFECT = "d1\tCats\nd2\tBirds\nd3\tTrees\tFlowers\nd4\tDogs\nd5\tAnimals\n";
const GOOD = "d1\tCats\nd2\tMammals\nd3\tTrees\nd4\tDogs\tBirds\nd5\tAnimals\n";
const POOR = "d1\tDogs\nd2\tPlants\nd3\tAnimals\nd4\tCats\nd5\tPlants\n";

let tariq: { userId: string; team: string };
let ada: { userId: string; team: string };
let bo: { userId: string; team: string };
let ids: Record<string, string> = {};

beforeAll(async () => {
  p = await createTestPlatform({ now: NOW });
  seed = await seedTask(p.ctx, { startsAt: new Date("2026-11-20T00:00:00Z"), endsAt: new Date("2026-11-25T00:00:00Z") });
  tariq = { userId: seed.memberId, team: "Team Tariq" };
  ada = await member("Ada");
  bo = await member("Bo");
  ids = {
    tariqPoor: await submitScored(tariq.userId, text(POOR)),
    tariqPerfect: await submitScored(tariq.userId, text(PERFECT)),
    adaGood: await submitScored(ada.userId, text(GOOD)),
    boGood: await submitScored(bo.userId, text(GOOD)),
  };
  ids.baseline = await addScoredBaseline(p.ctx, seed, fixture("pred-good.tsv"), { finishedAt: nextFinish() });
});
afterAll(async () => {
  await p?.cleanup();
});

describe("the ranking", () => {
  it("ranks each team's best submission, ties share a rank, the baseline is marked and unranked", async () => {
    const b = await board();
    expect(names(b)).toEqual([
      [1, "Team Tariq"],
      [2, "Team Ada"],
      [2, "Team Bo"],
      [null, "Majority"],
    ]);
    expect(b.rows.map((r) => r.submissionId)).toEqual([ids.tariqPerfect, ids.adaGood, ids.boGood, ids.baseline]);
    expect(b.rows[3]!.isBaseline).toBe(true);
    expect(b.rows[0]!.scores["hc.f1"]?.value).toBe(1);
    expect(b.goldVersions).toEqual([1]);
  });

  it("uses the last submission under the LAST rule (the cache follows the phase's settings)", async () => {
    const phase = await p.ctx.db.phase.findFirstOrThrow({ where: { key: seed.phaseKey } });
    const fields = {
      userId: seed.organiserId,
      slug: seed.slug,
      phaseKey: seed.phaseKey,
      key: phase.key,
      name: phase.name,
      startsAt: phase.startsAt,
      endsAt: phase.endsAt,
    };
    // Tariq's poor file is the later one (submissions made in a test share the test clock's time).
    await p.ctx.db.submission.update({ where: { id: ids.tariqPoor }, data: { createdAt: new Date(NOW.getTime() + 60_000) } });
    await updatePhase({ ...fields, rule: "LAST" }, p.ctx);
    try {
      const b = await board();
      expect(b.rule).toBe("LAST");
      expect(b.rows.find((r) => r.teamName === "Team Tariq")?.submissionId).toBe(ids.tariqPoor);
      expect(names(b)).toEqual([
        [1, "Team Ada"],
        [1, "Team Bo"],
        [null, "Majority"],
        [3, "Team Tariq"],
      ]);
    } finally {
      await p.ctx.db.submission.update({ where: { id: ids.tariqPoor }, data: { createdAt: NOW } });
      await updatePhase({ ...fields, rule: "BEST" }, p.ctx);
    }
  });

  it("takes the direction from the primary measure: under Hamming loss the lower value is each team's best and ranks first", async () => {
    const subtask = await p.ctx.db.subtask.findFirstOrThrow({ where: { key: seed.subtaskKey } });
    await p.ctx.db.subtask.update({
      where: { id: subtask.id },
      data: { primaryMeasure: "flat.hammingLoss", measuresShown: ["flat.hammingLoss", ...subtask.measuresShown] },
    });
    try {
      const b = await board();
      expect(b.primaryDirection).toBe("LOWER");
      const tariqRow = b.rows.find((r) => r.teamName === "Team Tariq")!;
      // Tariq's perfect file (loss 0), not the poor one (the higher loss), counts.
      expect(tariqRow.submissionId).toBe(ids.tariqPerfect);
      expect(tariqRow.scores["flat.hammingLoss"]?.value).toBe(0);
      expect(names(b)[0]).toEqual([1, "Team Tariq"]);
      const ranked = b.rows.filter((r) => r.rank !== null).map((r) => r.scores["flat.hammingLoss"]!.value!);
      expect(ranked).toEqual([...ranked].sort((x, y) => x - y));
    } finally {
      await p.ctx.db.subtask.update({
        where: { id: subtask.id },
        data: { primaryMeasure: subtask.primaryMeasure, measuresShown: subtask.measuresShown },
      });
    }
  });

  it("sorts by any column, best first in the measure's direction, missing values last", async () => {
    const b = await board();
    expect(defaultOrder("hc.f1", b.measures)).toBe("desc");
    expect(defaultOrder("flat.hammingLoss", [{ key: "flat.hammingLoss", label: "Hamming loss", higherIsBetter: false }])).toBe("asc");
    expect(defaultOrder("rank", b.measures)).toBe("asc");
    const byF1Worst = sortBoardRows(b.rows, "flat.micro.f1", "asc").map((r) => r.teamName);
    expect(byF1Worst.at(-1)).toBe("Team Tariq");
    const byRankDesc = sortBoardRows(b.rows, "rank", "desc").map((r) => r.teamName);
    expect(byRankDesc).toEqual(["Majority", "Team Bo", "Team Ada", "Team Tariq"]); // the board's order reversed, the baseline where its score puts it
    expect(sortBoardRows(b.rows, "team", "asc").map((r) => r.teamName)).toEqual(["Majority", "Team Ada", "Team Bo", "Team Tariq"]);
  });
});

describe("rankings side by side", () => {
  it("stores and ranks every side-by-side measure, with a Kendall τ-b matrix", async () => {
    const b = await board();
    for (const key of SIDE_BY_SIDE_MEASURES) expect(b.rows[0]!.scores[key]?.value, key).toBeTypeOf("number");
    const keys = b.sideBySide.measures.map((m) => m.key);
    expect(keys).toEqual(["hc.f1", "hc.mcc", "flat.micro.f1", "flat.subsetAccuracy", "hierarchical.f1", "lca.f1", "cophe.overall.f1"]);
    expect(b.sideBySide.rows.map((r) => [r.teamName, r.primaryRank, r.ranks["hc.f1"]])).toEqual([
      ["Team Tariq", 1, 1],
      ["Team Ada", 2, 2],
      ["Team Bo", 2, 2],
    ]);
    expect(b.sideBySide.tau.length).toBe(keys.length);
    expect(b.sideBySide.tau[0]![0]).toBe(1);
    expect(b.sideBySide.tau[1]![0]).toBe(b.sideBySide.tau[0]![1]);
  });
});

describe("uncertainty", () => {
  it("groups neighbours a paired test cannot tell apart (five documents: all tied)", async () => {
    const b = await board();
    expect(b.ties).toMatchObject({ measure: "hc.f1", method: "randomization", resamples: 1000, alpha: 0.05, complete: true });
    const ranked = b.rows.filter((r) => r.rank !== null);
    expect(ranked.map((r) => r.tie?.group)).toEqual([1, 1, 1]);
    expect(ranked[2]!.tie).toMatchObject({ tiedWithAbove: true, pValue: 1 }); // identical files
    expect(b.rows[3]!.tie).toBeNull(); // baseline
  });

  it("separates clearly different teams on a larger gold", async () => {
    const labels = ["Cats", "Dogs", "Birds", "Trees", "Flowers"];
    const lines = (wrongEvery: number) =>
      Array.from({ length: 200 }, (_, i) => `g${i}\t${labels[(i + (wrongEvery && i % wrongEvery === 0 ? 1 : 0)) % 5]}`).join("\n");
    await createPhase(
      {
        userId: seed.organiserId,
        slug: seed.slug,
        key: "big",
        name: "Big",
        startsAt: new Date("2026-11-20T00:00:00Z"),
        endsAt: new Date("2026-11-25T00:00:00Z"),
      },
      p.ctx,
    );
    await uploadGold({ userId: seed.organiserId, slug: seed.slug, phaseKey: "big", fileName: "gold.tsv", content: text(lines(0)) }, p.ctx);
    await submitScored(tariq.userId, text(lines(0)), "big"); // perfect
    await submitScored(ada.userId, text(lines(50)), "big"); // 4 wrong: not distinguishable from perfect
    await submitScored(bo.userId, text(lines(2)), "big"); // half wrong
    const b = await board(null, "big");
    expect(b.rows.map((r) => [r.teamName, r.tie?.group, r.tie?.tiedWithAbove])).toEqual([
      ["Team Tariq", 1, false],
      ["Team Ada", 1, true],
      ["Team Bo", 2, false],
    ]);
    expect(b.rows[2]!.tie!.pValue).toBeLessThan(0.05);
  });
});

describe("a board of many rows", () => {
  it("has its tie groups on the first request after the scores, with no test run by the read", async () => {
    await createPhase(
      {
        userId: seed.organiserId,
        slug: seed.slug,
        key: "crowd",
        name: "Crowd",
        startsAt: new Date("2026-11-20T00:00:00Z"),
        endsAt: new Date("2026-11-25T00:00:00Z"),
      },
      p.ctx,
    );
    await uploadGold(
      { userId: seed.organiserId, slug: seed.slug, phaseKey: "crowd", fileName: "gold.tsv", content: fixture("gold.tsv") },
      p.ctx,
    );
    const files = [PERFECT, GOOD, POOR];
    for (let i = 0; i < 14; i++) {
      const m = await member(`Crowd ${i}`);
      // As when scores arrive faster than board jobs run: the last job tests every pair.
      await submitScored(m.userId, text(files[i % 3]!), "crowd", i === 13);
    }
    const first = await board(null, "crowd");
    expect(first.rows).toHaveLength(14);
    expect(first.ties).toMatchObject({ pending: false, complete: true });
    expect(first.rows.every((r) => r.tie !== null && (r.tie.pValue !== null || r === first.rows[0]))).toBe(true);
  }, 180_000);
});

describe("private phases", () => {
  it("hides the board until the phase ends; a team sees only its own scores; then everyone sees it all", async () => {
    await createPhase(
      {
        userId: seed.organiserId,
        slug: seed.slug,
        key: "final",
        name: "Final",
        startsAt: new Date("2026-11-20T00:00:00Z"),
        endsAt: new Date("2026-11-23T00:00:00Z"),
        visibility: "PRIVATE",
      },
      p.ctx,
    );
    await uploadGold(
      { userId: seed.organiserId, slug: seed.slug, phaseKey: "final", fileName: "gold.tsv", content: fixture("gold.tsv") },
      p.ctx,
    );
    await submitScored(tariq.userId, text(GOOD), "final");
    await submitScored(tariq.userId, text(PERFECT), "final");
    await submitScored(ada.userId, text(POOR), "final");

    const anonymous = await board(null, "final");
    expect([anonymous.hidden, anonymous.hiddenBy]).toEqual([true, "PRIVATE"]);
    expect(anonymous.rows).toEqual([]);
    expect(anonymous.sideBySide.rows).toEqual([]);
    expect((await board(seed.outsiderId, "final")).rows).toEqual([]);

    const own = await board(tariq.userId, "final");
    expect(own.hidden).toBe(true);
    expect(own.rows.map((r) => [r.rank, r.teamName, r.scores["hc.f1"]?.value])).toEqual([
      [null, "Team Tariq", 1],
      [null, "Team Tariq", expect.any(Number)],
    ]);

    const organiser = await board(seed.organiserId, "final");
    expect(organiser.hidden).toBe(false);
    expect(names(organiser)).toEqual([
      [1, "Team Tariq"],
      [2, "Team Ada"],
    ]);

    p.setNow(new Date("2026-11-23T00:00:00Z"));
    try {
      const published = await board(null, "final");
      expect(published.hidden).toBe(false);
      expect(names(published)).toEqual(names(organiser));
      expect((await board(null)).hidden).toBe(false); // the public phase's board stays published too
    } finally {
      p.setNow(NOW);
    }
  });
});

describe("export", () => {
  it("writes CSV with every measure's value and interval, and JSON with ISO dates", async () => {
    const b = await board();
    const csv = boardToCsv(b);
    const lines = csv.trimEnd().split("\r\n");
    expect(lines).toHaveLength(1 + b.rows.length);
    expect(lines[0]).toBe(
      "rank,team,baseline,submission_id,submitted_at,gold_version,tie_group," +
        b.measures.map((m) => `${m.key},${m.key}.ci_low,${m.key}.ci_high`).join(","),
    );
    expect(lines[1]!.startsWith(`1,Team Tariq,false,${ids.tariqPerfect},`)).toBe(true);
    expect(lines[4]!.startsWith(`,Majority,true,`)).toBe(true);
    const json = boardToJson(b) as { rows: { submittedAt: string; scores: Record<string, { value: number }> }[] };
    expect(json.rows[0]!.submittedAt).toBe(b.rows[0]!.submittedAt.toISOString());
    expect(json.rows[0]!.scores["hc.f1"]!.value).toBe(1);
  });

  it("quotes fields with commas and neutralises formula-looking names (OWASP)", async () => {
    const b = await board();
    const odd: Leaderboard = {
      ...b,
      rows: [
        { ...b.rows[0]!, teamName: '=cmd, "x"' },
        { ...b.rows[1]!, teamName: "@SUM(A1:A9)" },
      ],
    };
    const lines = boardToCsv(odd).split("\r\n");
    expect(lines[1]).toContain(`,"'=cmd, ""x""",`);
    expect(lines[2]).toContain(`,"'@SUM(A1:A9)",`);
  });
});

describe("cache", () => {
  it("serves the same board until a new score arrives, then rebuilds it", async () => {
    const first = await board();
    expect(await board()).toBe(first); // a cache hit returns the very same object
    const cy = await member("Cy");
    const id = await submitScored(cy.userId, text(PERFECT));
    const second = await board();
    expect(second).not.toBe(first);
    expect(names(second)).toEqual([
      [1, "Team Tariq"],
      [1, "Team Cy"],
      [3, "Team Ada"],
      [3, "Team Bo"],
      [null, "Majority"],
    ]);
    expect(second.rows[1]!.submissionId).toBe(id);
  });

  it("rebuilds when a scored submission is re-scored with new values", async () => {
    const before = await board();
    const row = before.rows.find((r) => r.teamName === "Team Bo")!;
    // A re-score moves the submission through the queue and stamps a new finishedAt with the new rows.
    await p.ctx.db.submission.update({ where: { id: row.submissionId }, data: { status: "QUEUED" } });
    const { storeScores } = await import("../src/testing/index.ts");
    const rows = Object.entries(row.scores).map(([measure, s]) => ({
      measure,
      value: measure === "hc.f1" ? 0.01 : (s?.value ?? null),
      ciLow: null,
      ciHigh: null,
    }));
    await storeScores(p.ctx.db, row.submissionId, rows, { finishedAt: nextFinish() });
    const after = await board();
    expect(after.rows.find((r) => r.teamName === "Team Bo")?.scores["hc.f1"]?.value).toBe(0.01);
    expect(after.rows.at(-1)).toMatchObject({ teamName: "Team Bo", rank: 4 }); // below the baseline now
  });
});
