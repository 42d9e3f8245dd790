// A phase with a public/private split of its test set, against real Postgres: the setting and its
// guard, and who sees which part when (the board, the API's `split`, the team's pages, the exports).
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  boardToCsv,
  createSubmission,
  createTeam,
  createUser,
  exportSubmissions,
  getLeaderboard,
  getPaperTable,
  getSubmission,
  getTaskConsole,
  getTeamArea,
  updatePhase,
} from "../src/index.ts";
import { documentPart } from "../src/gold-split/document-part.ts";
import { createTestPlatform, scoreStoredSubmission, seedTask, type SeededTask, type TestPlatform } from "../src/testing/index.ts";

const START = new Date("2026-11-20T00:00:00Z");
const END = new Date("2026-11-25T00:00:00Z");
const text = (s: string) => new TextEncoder().encode(s);
// gold (fixture): d1 Cats · d2 Birds · d3 Trees Flowers · d4 Dogs · d5 Animals
const GOLD: Record<string, string> = { d1: "Cats", d2: "Birds", d3: "Trees\tFlowers", d4: "Dogs", d5: "Animals" };
const WRONG: Record<string, string> = { d1: "Plants", d2: "Plants", d3: "Animals", d4: "Plants", d5: "Plants" };

let p: TestPlatform;
let seed: SeededTask;
let publicIds: string[];
const runs: Record<string, string> = {};

/** A key that puts exactly two of the five gold documents in the public part (30 %), found by a fixed search. */
function keyWithTwoPublic(): string {
  for (let i = 0; ; i++) {
    const key = i.toString(16).padStart(64, "0");
    if (Object.keys(GOLD).filter((id) => documentPart({ key, publicFraction: 0.3 }, id) === "public").length === 2) return key;
  }
}

/** Right on the documents `right`, wrong on the others. */
const prediction = (right: (id: string) => boolean) =>
  text(
    Object.keys(GOLD)
      .map((id) => `${id}\t${right(id) ? GOLD[id] : WRONG[id]}\n`)
      .join(""),
  );

const phaseInput = () => ({
  userId: seed.organiserId,
  slug: seed.slug,
  phaseKey: "test",
  key: "test",
  name: "Test",
  startsAt: START,
  endsAt: END,
  publicFraction: 0.3,
});
const board = (split?: "public" | "private", viewerId: string | null = null) =>
  getLeaderboard({ slug: seed.slug, phaseKey: "test", subtaskKey: "full", viewerId, split }, p.ctx);
const primary = async (submissionId: string, part: string) =>
  (await p.ctx.db.score.findFirstOrThrow({ where: { submissionId, part, measure: "hc.f1" } })).value;

beforeAll(async () => {
  p = await createTestPlatform({ now: new Date("2026-11-22T10:00:00Z") });
  seed = await seedTask(p.ctx, { slug: "split", startsAt: START, endsAt: END });
  // Refused values first: the setting says what it expected.
  await expect(updatePhase({ ...phaseInput(), publicFraction: 0 }, p.ctx)).rejects.toThrow(/expected a public fraction above 0/);
  await expect(updatePhase({ ...phaseInput(), publicFraction: 1 }, p.ctx)).rejects.toThrow(/expected a public fraction below 1/);
  await updatePhase(phaseInput(), p.ctx);
  const key = keyWithTwoPublic();
  await p.ctx.db.phase.updateMany({ where: { key: "test" }, data: { splitKey: key } });
  publicIds = Object.keys(GOLD).filter((id) => documentPart({ key, publicFraction: 0.3 }, id) === "public");

  const other = await createUser({ name: "Pia Private", email: "pia@split.test", password: "participant-pass" }, p.ctx);
  await createTeam({ userId: other.id, slug: seed.slug, name: "Team Pia" }, p.ctx);
  const submit = async (userId: string, content: Uint8Array) => {
    const { id } = await createSubmission(
      { userId, slug: seed.slug, subtaskKey: "full", phaseKey: "test", fileName: "run.tsv", content },
      p.ctx,
    );
    await scoreStoredSubmission(p.ctx.db, id);
    return id;
  };
  // Tariq fits the public part, Pia the private one.
  runs.tariq = await submit(
    seed.memberId,
    prediction((id) => publicIds.includes(id)),
  );
  runs.pia = await submit(
    other.id,
    prediction((id) => !publicIds.includes(id)),
  );
});
afterAll(async () => {
  await p?.cleanup();
});

describe("a phase with a public/private split", () => {
  it("stores the whole gold and both parts of every submission", async () => {
    const sets = await p.ctx.db.scoreSet.findMany({ where: { submissionId: runs.tariq }, select: { part: true, documents: true } });
    expect(Object.fromEntries(sets.map((s) => [s.part, s.documents]))).toEqual({ all: 5, public: 2, private: 3 });
    expect(await primary(runs.tariq!, "public")).toBe(1);
  });

  it("never shows or exports the split's key", async () => {
    const key = (await p.ctx.db.phase.findFirstOrThrow({ where: { key: "test" } })).splitKey!;
    const console = await getTaskConsole({ slug: seed.slug, userId: seed.organiserId }, p.ctx);
    expect(console?.phases[0]?.publicFraction).toBe(0.3);
    expect(JSON.stringify(console)).not.toContain(key);
    expect(JSON.stringify(await board())).not.toContain(key);
  });

  it("refuses to change the fraction once the phase has submissions", async () => {
    await expect(updatePhase({ ...phaseInput(), publicFraction: 0.5 }, p.ctx)).rejects.toThrow(
      /cannot change once a phase has submissions: expected 0.3 as before, got 0.5/,
    );
  });

  describe("while the phase is open", () => {
    it("ranks on the public part by default and says so", async () => {
      const b = await board();
      expect(b.split).toBe("public");
      expect(b.splitInfo).toEqual({ publicFraction: 0.3, privateShown: false });
      expect(b.rows.map((r) => [r.rank, r.teamName])).toEqual([
        [1, "Team Tariq"],
        [2, "Team Pia"],
      ]);
      expect(b.rows[0]?.scores["hc.f1"]?.value).toBe(await primary(runs.tariq!, "public"));
      expect(b.rows.every((r) => r.publicRank === undefined)).toBe(true);
      expect((await board("public")).rows).toEqual(b.rows);
    });

    it("shows no private score on the board, to anyone, organisers included", async () => {
      for (const viewer of [null, seed.memberId, seed.organiserId]) {
        await expect(board("private", viewer)).rejects.toMatchObject({
          code: "FORBIDDEN",
          message: expect.stringMatching(/private part's scores stay hidden until the phase ends/),
        });
      }
      // Pia fits the private part: her row holds her public score, neither her private nor her whole-gold one.
      const pia = (await board()).rows.find((r) => r.submissionId === runs.pia)!;
      expect(pia.scores["hc.f1"]?.value).toBe(await primary(runs.pia!, "public"));
      expect(await primary(runs.pia!, "private")).toBe(1);
      expect(pia.scores["hc.f1"]?.value).toBeLessThan((await primary(runs.pia!, "all"))!);
    });

    it("shows the team's own pages on the public part", async () => {
      const area = await getTeamArea({ slug: seed.slug, userId: seed.memberId }, p.ctx);
      const mine = area?.submissions.find((s) => s.id === runs.tariq);
      expect(mine?.part).toBe("public");
      expect(mine?.primaryValue).toBe(await primary(runs.tariq!, "public"));
      const details = await getSubmission({ id: runs.tariq!, viewerId: seed.memberId }, p.ctx);
      expect(details.part).toBe("public");
      expect(details.report?.documents).toBe(2);
      expect(details.scores.find((s) => s.measure === "hc.f1")?.value).toBe(await primary(runs.tariq!, "public"));
    });

    it("exports the public part only: the board's CSV, the paper table and the bulk export", async () => {
      const csv = boardToCsv(await board()).split("\r\n");
      expect(csv[0]).toMatch(/,part,/);
      expect(csv[1]).toMatch(/,public,/);
      const table = await getPaperTable({ slug: seed.slug, phaseKey: "test", subtaskKey: "full", viewerId: null, format: "latex" }, p.ctx);
      expect(table.text).toContain("public part of the test set (30 \\% of the documents)");
      await expect(
        getPaperTable({ slug: seed.slug, phaseKey: "test", subtaskKey: "full", viewerId: null, format: "latex", split: "private" }, p.ctx),
      ).rejects.toMatchObject({ code: "FORBIDDEN" });
      const zip = unzipSync(
        new Uint8Array(
          await new Response((await exportSubmissions({ userId: seed.organiserId, slug: seed.slug }, p.ctx)).stream).arrayBuffer(),
        ),
      );
      const scores = JSON.parse(strFromU8(zip["scores.json"]!)) as { part: string }[];
      expect(scores.length).toBeGreaterThan(0);
      expect(new Set(scores.map((s) => s.part))).toEqual(new Set(["public"]));
    });
  });

  describe("once the phase has ended", () => {
    beforeAll(() => p.setNow(new Date(END.getTime() + 60_000)));

    it("ranks the counted runs on the private part by default, with each run's public rank (the shake-up)", async () => {
      const b = await board();
      expect(b.split).toBe("private");
      expect(b.splitInfo?.privateShown).toBe(true);
      expect(b.rows.map((r) => [r.rank, r.teamName, r.publicRank])).toEqual([
        [1, "Team Pia", 2],
        [2, "Team Tariq", 1],
      ]);
      expect(b.rows[0]?.scores["hc.f1"]?.value).toBe(await primary(runs.pia!, "private"));
      const csv = boardToCsv(b).split("\r\n");
      expect(csv[0]).toMatch(/,part,public_rank,/);
      const table = await getPaperTable(
        { slug: seed.slug, phaseKey: "test", subtaskKey: "full", viewerId: null, format: "markdown" },
        p.ctx,
      );
      expect(table.text).toContain("private part of the test set (70 % of the documents)");
    });

    it("still shows the public ranking on request", async () => {
      const b = await board("public");
      expect(b.split).toBe("public");
      expect(b.rows.map((r) => r.teamName)).toEqual(["Team Tariq", "Team Pia"]);
    });

    it("exports every part now", async () => {
      const zip = unzipSync(
        new Uint8Array(
          await new Response((await exportSubmissions({ userId: seed.organiserId, slug: seed.slug }, p.ctx)).stream).arrayBuffer(),
        ),
      );
      const scores = JSON.parse(strFromU8(zip["scores.json"]!)) as { part: string }[];
      expect(new Set(scores.map((s) => s.part))).toEqual(new Set(["all", "public", "private"]));
    });
  });

  it("has no parts to ask for in a phase without a split", async () => {
    await p.ctx.db.phase.updateMany({ where: { key: "test" }, data: { publicFraction: null } });
    await expect(board("public")).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: "This phase has no public/private split: expected no split parameter, got split=public.",
    });
    expect((await board()).split).toBeNull();
  });
});
