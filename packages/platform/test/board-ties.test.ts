// Tie groups are written by the worker's board job and only read by the board: after a new score
// and after a re-score they equal the engine's paired tests computed here from the stored files.
import { pairedTest, recordEvaluation } from "@hierboard/metrics";
import { boardJobId } from "@hierboard/queue";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createPhase,
  createTeam,
  createUser,
  createSubmission,
  getLeaderboard,
  loadScoringSetup,
  parsePrediction,
  rescorePhase,
  TIE_TEST,
  updateBoardTies,
  uploadGold,
  type Leaderboard,
} from "../src/index.ts";
import { createTestPlatform, scoreStoredSubmission, seedTask, type SeededTask, type TestPlatform } from "../src/testing/index.ts";

let p: TestPlatform;
let seed: SeededTask;
const NOW = new Date("2026-11-22T10:00:00Z");
const text = (s: string) => new TextEncoder().encode(s);
const LABELS = ["Cats", "Dogs", "Birds", "Trees", "Flowers"];
/** 200 documents; every `wrongEvery`-th one (shifted by `offset`) gets the next label. */
const lines = (wrongEvery: number, offset = 0) =>
  Array.from({ length: 200 }, (_, i) => `g${i}\t${LABELS[(i + (wrongEvery && (i + offset) % wrongEvery === 0 ? 1 : 0)) % 5]}`).join("\n");
let ids: { phaseId: string; subtaskId: string };
const submissions: string[] = [];
let minute = 0;

beforeAll(async () => {
  p = await createTestPlatform({ now: NOW });
  seed = await seedTask(p.ctx, { startsAt: new Date("2026-11-20T00:00:00Z"), endsAt: new Date("2026-11-25T00:00:00Z") });
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
});
afterAll(async () => {
  await p?.cleanup();
});

async function submit(name: string, content: string, opts: { boardJob?: boolean } = {}): Promise<string> {
  const user = await createUser({ name, email: `${name.toLowerCase()}@ties.test`, password: "participant-pass" }, p.ctx);
  await createTeam({ userId: user.id, slug: seed.slug, name: `Team ${name}` }, p.ctx);
  const created = await createSubmission(
    { userId: user.id, slug: seed.slug, subtaskKey: seed.subtaskKey, phaseKey: "big", fileName: `${name}.tsv`, content: text(content) },
    p.ctx,
  );
  await scoreStoredSubmission(p.ctx.db, created.id, { finishedAt: new Date(NOW.getTime() - 3_600_000 + ++minute * 1000), ...opts });
  submissions.push(created.id);
  const s = await p.ctx.db.submission.findUniqueOrThrow({ where: { id: created.id }, select: { phaseId: true, subtaskId: true } });
  ids = s;
  return created.id;
}

const board = () => getLeaderboard({ slug: seed.slug, phaseKey: "big", subtaskKey: seed.subtaskKey, viewerId: null }, p.ctx);

/** The engine's neighbour tests over the board's ranked rows, from the stored files and the current gold. */
async function engineTies(b: Leaderboard): Promise<{ group: number; tiedWithAbove: boolean; pValue: number | null }[]> {
  const setup = await loadScoringSetup(p.ctx.db, { ...ids });
  const ranked = b.rows.filter((r) => r.rank !== null);
  const recordings = await Promise.all(
    ranked.map(async (r) => {
      const s = await p.ctx.db.submission.findUniqueOrThrow({ where: { id: r.submissionId } });
      return recordEvaluation({ taxonomy: setup.taxonomy, gold: setup.gold, pred: parsePrediction(setup, s.content, s.fileName) });
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

describe("tie groups from the board job", () => {
  it("after new scores equal the engine's paired tests on the files, and the board only reads them", async () => {
    await submit("Perfect", lines(0));
    await submit("Close", lines(50)); // 4 wrong: tied with perfect
    await submit("Half", lines(2)); // half wrong
    await submit("HalfToo", lines(2, 1)); // half wrong, other half: tied with Half
    const b = await board();
    expect(b.ties).toMatchObject({ complete: true, pending: false });
    const expected = await engineTies(b);
    expect(b.rows.filter((r) => r.rank !== null).map((r) => r.tie)).toEqual(expected);
    expect(expected.map((t) => t.group)).toEqual([1, 1, 2, 2]); // the data really has two groups
    const stored = await p.ctx.db.boardTie.findMany({ where: ids, orderBy: { tieGroup: "asc" } });
    expect(stored).toHaveLength(4);
  });

  it("is idempotent: a second board job tests nothing and changes nothing", async () => {
    const before = (await board()).rows.map((r) => r.tie);
    expect(await updateBoardTies(p.ctx.db, ids)).toEqual({ tested: 0, rows: 4 });
    expect((await board()).rows.map((r) => r.tie)).toEqual(before);
  });

  it("a score whose board job has not run yet leaves the board pending and enqueues nothing; the job then tests only the changed pairs", async () => {
    await submit("Late", lines(3), { boardJob: false });
    const b = await board();
    expect(b.ties).toMatchObject({ pending: true, complete: false });
    expect(b.rows.find((r) => r.teamName === "Team Late")?.tie?.pValue).toBeNull();
    // Reads never enqueue: the worker enqueues a board job after every score.
    expect(await p.queue.getJob(boardJobId(ids.phaseId, ids.subtaskId))).toBeUndefined();
    const { tested } = await updateBoardTies(p.ctx.db, ids);
    expect(tested).toBeGreaterThanOrEqual(1);
    expect(tested).toBeLessThanOrEqual(2); // the new row's pairs only
    const after = await board();
    expect(after.ties).toMatchObject({ pending: false, complete: true });
    expect(after.rows.filter((r) => r.rank !== null).map((r) => r.tie)).toEqual(await engineTies(after));
  });

  it("after a re-score against a new gold, equal the engine's tests on the new gold", async () => {
    const gold2 = lines(0).replace(/^g(\d*[05])\tCats$/gm, "g$1\tDogs"); // every 25th document changes
    await uploadGold({ userId: seed.organiserId, slug: seed.slug, phaseKey: "big", fileName: "gold-v2.tsv", content: text(gold2) }, p.ctx);
    const { queued } = await rescorePhase({ userId: seed.organiserId, slug: seed.slug, phaseKey: "big" }, p.ctx);
    expect(queued).toBe(submissions.length);
    for (const id of submissions)
      await scoreStoredSubmission(p.ctx.db, id, { finishedAt: new Date(NOW.getTime() - 60_000 + ++minute * 1000) });
    const b = await board();
    expect(b.goldVersions).toEqual([2]);
    expect(b.ties).toMatchObject({ pending: false, complete: true });
    const stored = await p.ctx.db.boardTie.findMany({ where: ids });
    expect(new Set(stored.map((t) => t.goldVersion))).toEqual(new Set([2]));
    expect(b.rows.filter((r) => r.rank !== null).map((r) => r.tie)).toEqual(await engineTies(b));
  });
});
