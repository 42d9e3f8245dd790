// Tie groups on a split phase's board, against real Postgres: the board job tests each part's
// ranking on that part's stored statistics; the board, the CSV and the paper table show the groups
// of the part they rank on, the public part's during the phase and the private part's after it, and
// the private part's groups are never shown while it is hidden.
import { pairedTest, recordEvaluation } from "@hierboard/metrics";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  boardToCsv,
  createPhase,
  createSubmission,
  createTeam,
  createUser,
  getLeaderboard,
  getPaperTable,
  loadScoringSetup,
  parsePrediction,
  TIE_TEST,
  updateBoardTies,
  uploadGold,
  type Leaderboard,
} from "../src/index.ts";
import { documentPart } from "../src/gold-split/document-part.ts";
import type { RowTie } from "../src/leaderboard/board-types.ts";
import type { GoldSplit, SplitPart } from "../src/gold-split/gold-part.ts";
import { recordingOfPart } from "../src/gold-split/recording-of-part.ts";
import { createTestPlatform, scoreStoredSubmission, seedTask, type SeededTask, type TestPlatform } from "../src/testing/index.ts";

const START = new Date("2026-11-20T00:00:00Z");
const END = new Date("2026-11-25T00:00:00Z");
const text = (s: string) => new TextEncoder().encode(s);
const LABELS = ["Cats", "Dogs", "Birds", "Trees", "Flowers"];
const DOCUMENTS = Array.from({ length: 200 }, (_, i) => `g${i}`);
const gold = (i: number) => LABELS[i % 5]!;

let p: TestPlatform;
let seed: SeededTask;
let split: GoldSplit;
let ids: { phaseId: string; subtaskId: string };
const runs: Record<string, string> = {};

/** Wrong on the documents `wrong` picks (by part and position within the part), right elsewhere. */
function prediction(wrong: (part: SplitPart, position: number) => boolean): Uint8Array {
  const seen = { public: 0, private: 0 };
  const lines = DOCUMENTS.map((id, i) => {
    const part = documentPart(split, id);
    const miss = wrong(part, seen[part]++);
    return `${id}\t${miss ? LABELS[(i + 1) % 5] : gold(i)}`;
  });
  return text(lines.join("\n"));
}

const board = (split?: SplitPart, viewerId: string | null = null) =>
  getLeaderboard({ slug: seed.slug, phaseKey: "split", subtaskKey: seed.subtaskKey, viewerId, split }, p.ctx);
const tieOf = (b: Leaderboard, team: string) => b.rows.find((r) => r.teamName === `Team ${team}`)?.tie;

/** The engine's neighbour tests over a board's ranked rows on `part`, from the stored files and the gold. */
async function engineTies(b: Leaderboard, part: SplitPart): Promise<RowTie[]> {
  const setup = await loadScoringSetup(p.ctx.db, ids);
  const recordings = await Promise.all(
    b.rows
      .filter((r) => r.rank !== null)
      .map(async (r) => {
        const s = await p.ctx.db.submission.findUniqueOrThrow({ where: { id: r.submissionId } });
        const whole = recordEvaluation({ taxonomy: setup.taxonomy, gold: setup.gold, pred: parsePrediction(setup, s.content, s.fileName) });
        return recordingOfPart(whole, split, part);
      }),
  );
  let group = 0;
  return recordings.map((rec, i) => {
    const pValue = i === 0 ? null : pairedTest(recordings[i - 1]!, rec, b.primaryMeasure, TIE_TEST).pValue;
    const tiedWithAbove = pValue !== null && pValue >= TIE_TEST.alpha;
    if (!tiedWithAbove) group += 1;
    return { group, tiedWithAbove, pValue };
  });
}

/** The CSV's tie group per team. */
function csvGroups(b: Leaderboard): Record<string, string> {
  const [header, ...lines] = boardToCsv(b).trim().split("\r\n");
  const columns = header!.split(",");
  return Object.fromEntries(
    lines.map((line) => {
      const cells = line.split(",");
      return [cells[columns.indexOf("team")]!, cells[columns.indexOf("tie_group")]!];
    }),
  );
}

/** The paper table's tie group cell of a team (Markdown). */
async function paperGroup(team: string): Promise<string> {
  const table = await getPaperTable(
    { slug: seed.slug, phaseKey: "split", subtaskKey: seed.subtaskKey, viewerId: null, format: "markdown" },
    p.ctx,
  );
  const line = table.text.split("\n").find((l) => l.includes(`Team ${team} `) || l.includes(`Team ${team}|`))!;
  return line.split("|").at(-2)!.trim();
}

beforeAll(async () => {
  p = await createTestPlatform({ now: new Date("2026-11-22T10:00:00Z") });
  seed = await seedTask(p.ctx, { slug: "split-ties", startsAt: START, endsAt: END });
  await createPhase(
    { userId: seed.organiserId, slug: seed.slug, key: "split", name: "Split", startsAt: START, endsAt: END, publicFraction: 0.5 },
    p.ctx,
  );
  const goldFile = DOCUMENTS.map((id, i) => `${id}\t${gold(i)}`).join("\n");
  await uploadGold({ userId: seed.organiserId, slug: seed.slug, phaseKey: "split", fileName: "gold.tsv", content: text(goldFile) }, p.ctx);
  const phase = await p.ctx.db.phase.findFirstOrThrow({ where: { key: "split" } });
  split = { publicFraction: 0.5, key: phase.splitKey! };

  let minute = 0;
  const submit = async (name: string, content: Uint8Array) => {
    const user = await createUser({ name, email: `${name.toLowerCase()}@split-ties.test`, password: "participant-pass" }, p.ctx);
    await createTeam({ userId: user.id, slug: seed.slug, name: `Team ${name}` }, p.ctx);
    const { id } = await createSubmission(
      { userId: user.id, slug: seed.slug, subtaskKey: seed.subtaskKey, phaseKey: "split", fileName: `${name}.tsv`, content },
      p.ctx,
    );
    await scoreStoredSubmission(p.ctx.db, id, { finishedAt: new Date(START.getTime() + ++minute * 60_000) });
    ids = await p.ctx.db.submission.findUniqueOrThrow({ where: { id }, select: { phaseId: true, subtaskId: true } });
    runs[name] = id;
  };
  await submit(
    "Perfect",
    prediction(() => false),
  );
  // Right on the public part, wrong on every other private document: tied at the top in public, last in private.
  await submit(
    "PublicFit",
    prediction((part, i) => part === "private" && i % 2 === 0),
  );
  // The mirror image: last in public, tied at the top in private.
  await submit(
    "PrivateFit",
    prediction((part, i) => part === "public" && i % 2 === 0),
  );
}, 60_000);
afterAll(async () => {
  await p?.cleanup();
});

describe("tie groups on a split board", () => {
  it("while the phase is open: the board, its CSV and the paper table show the public part's groups", async () => {
    const b = await board();
    expect(b.split).toBe("public");
    expect(b.ties).toMatchObject({ complete: true, pending: false });
    expect(b.rows.map((r) => r.tie)).toEqual(await engineTies(b, "public"));
    // The data has two groups on the public part: Perfect and PublicFit tie, PrivateFit is behind.
    expect([tieOf(b, "Perfect")?.group, tieOf(b, "PublicFit")?.group, tieOf(b, "PrivateFit")?.group]).toEqual([1, 1, 2]);
    expect(csvGroups(b)).toEqual({ "Team Perfect": "1", "Team PublicFit": "1", "Team PrivateFit": "2" });
    expect(await paperGroup("PublicFit")).toBe("1 †");
  });

  it("while the phase is open: the private part's groups are stored but reach no one", async () => {
    const stored = await p.ctx.db.boardTie.findMany({ where: ids, select: { part: true, submissionId: true, tieGroup: true } });
    expect(stored.filter((t) => t.part === "all")).toEqual([]);
    const privateGroup = (name: string) => stored.find((t) => t.part === "private" && t.submissionId === runs[name])?.tieGroup;
    // Ready for the end of the phase, and different from what the public board shows.
    expect([privateGroup("Perfect"), privateGroup("PrivateFit"), privateGroup("PublicFit")]).toEqual([1, 1, 2]);
    for (const viewer of [null, seed.memberId, seed.organiserId]) {
      await expect(board("private", viewer)).rejects.toMatchObject({ code: "FORBIDDEN" });
      expect(tieOf(await board(undefined, viewer), "PublicFit")?.group).toBe(1);
    }
    await expect(
      getPaperTable(
        { slug: seed.slug, phaseKey: "split", subtaskKey: seed.subtaskKey, viewerId: null, format: "markdown", split: "private" },
        p.ctx,
      ),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("a second board job tests nothing on either part", async () => {
    expect(await updateBoardTies(p.ctx.db, ids)).toEqual({ tested: 0, rows: 6 });
  });

  describe("once the phase has ended", () => {
    beforeAll(() => p.setNow(new Date(END.getTime() + 60_000)));

    it("shows the private part's groups by default, with no further board job", async () => {
      const b = await board();
      expect(b.split).toBe("private");
      expect(b.ties).toMatchObject({ complete: true, pending: false });
      expect(b.rows.map((r) => r.tie)).toEqual(await engineTies(b, "private"));
      expect(csvGroups(b)).toEqual({ "Team Perfect": "1", "Team PrivateFit": "1", "Team PublicFit": "2" });
      expect(await paperGroup("PublicFit")).toBe("2");
    });

    it("still shows the public part's groups on the public switch", async () => {
      const b = await board("public");
      expect(b.rows.map((r) => r.tie)).toEqual(await engineTies(b, "public"));
      expect(tieOf(b, "PublicFit")?.group).toBe(1);
    });
  });
});
