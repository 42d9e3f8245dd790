// A CAFA-style subtask's board ranks by a CAFA measure of one namespace (wFmax, BPO) like every
// other measure: bootstrap intervals over proteins, and tie groups from the worker's board job
// that equal the engine's paired tests on the files under the subtask's options and IA weights.
import { pairedTest, recordEvaluation } from "@hierboard/metrics";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  attachIaFile,
  compareSubmissionPair,
  createSubmission,
  createUser,
  getLeaderboard,
  loadScoringSetup,
  parsePrediction,
  setUpTask,
  TIE_TEST,
  type Leaderboard,
} from "../src/index.ts";
import { evaluationInput } from "../src/scoring/engine/evaluation-input.ts";
import { createTestPlatform, scoreStoredSubmission, syntheticCafaTask, type TestPlatform } from "../src/testing/index.ts";

const NOW = new Date("2026-11-27T10:00:00Z");
const SLUG = "cafa-board";
const WFMAX = "cafa.namespaces.BPO.wfmax";
const text = (s: string) => new TextEncoder().encode(s);
const task = syntheticCafaTask(41, 240);
/** Teams by how many of each protein's gold terms they score: two close pairs, far apart. */
const TEAMS = [
  { name: "Sharp", seed: 1, recall: 0.9 },
  { name: "SharpToo", seed: 2, recall: 0.88 },
  { name: "Blunt", seed: 3, recall: 0.35 },
  { name: "BluntToo", seed: 4, recall: 0.33 },
];

let p: TestPlatform;
let organiserId: string;
let ids: { phaseId: string; subtaskId: string };
const submissionOf = new Map<string, string>();

beforeAll(async () => {
  p = await createTestPlatform({ now: NOW });
  organiserId = (await createUser({ name: "Org", email: "org@cafa-board.test", password: "organiser-pass", role: "ORGANISER" }, p.ctx)).id;
  const users = await Promise.all(
    TEAMS.map((t) => createUser({ name: t.name, email: `${t.name.toLowerCase()}@cafa-board.test`, password: "participant-pass" }, p.ctx)),
  );
  await setUpTask(
    {
      organiserId,
      slug: SLUG,
      title: SLUG,
      taxonomy: { fileName: "go-shaped.tsv", content: text(task.taxonomy) },
      subtasks: [
        {
          key: "go",
          name: "go",
          cafa: { normalisation: "cafa" },
          bootstrap: 200,
          measuresShown: [WFMAX, "cafa.namespaces.MFO.smin"],
          primaryMeasure: WFMAX,
        },
      ],
      phase: { key: "test", name: "Test", startsAt: new Date("2026-11-20T00:00:00Z"), endsAt: new Date("2026-12-20T00:00:00Z") },
      gold: { fileName: "gold.tsv", content: text(task.gold) },
      teams: users.map((u, i) => ({ userId: u.id, name: `Team ${TEAMS[i]!.name}` })),
    },
    p.ctx,
  );
  await attachIaFile({ userId: organiserId, slug: SLUG, taxonomyVersion: 1, fileName: "ia.tsv", content: text(task.ia) }, p.ctx);
  for (const [i, t] of TEAMS.entries()) {
    const created = await createSubmission(
      {
        userId: users[i]!.id,
        slug: SLUG,
        subtaskKey: "go",
        phaseKey: "test",
        fileName: `${t.name}.tsv`,
        content: text(task.team(t.seed, t.recall)),
      },
      p.ctx,
    );
    await scoreStoredSubmission(p.ctx.db, created.id, { finishedAt: new Date(NOW.getTime() - 3_600_000 + i * 1000) });
    submissionOf.set(t.name, created.id);
    ids = await p.ctx.db.submission.findUniqueOrThrow({ where: { id: created.id }, select: { phaseId: true, subtaskId: true } });
  }
}, 180_000);
afterAll(async () => {
  await p?.cleanup();
});

const board = () => getLeaderboard({ slug: SLUG, phaseKey: "test", subtaskKey: "go", viewerId: null }, p.ctx);

/** The engine's neighbour tests over the ranked rows, recorded from the stored files under the subtask's setting. */
async function engineTies(b: Leaderboard) {
  const setup = await loadScoringSetup(p.ctx.db, ids);
  const ranked = b.rows.filter((r) => r.rank !== null);
  const recordings = await Promise.all(
    ranked.map(async (r) => {
      const s = await p.ctx.db.submission.findUniqueOrThrow({ where: { id: r.submissionId } });
      return recordEvaluation(evaluationInput(setup, parsePrediction(setup, s.content, s.fileName)));
    }),
  );
  let group = 0;
  return recordings.map((rec, i) => {
    const pValue = i === 0 ? null : pairedTest(recordings[i - 1]!, rec, WFMAX, TIE_TEST).pValue;
    const tiedWithAbove = pValue !== null && pValue >= TIE_TEST.alpha;
    if (!tiedWithAbove) group += 1;
    return { group, tiedWithAbove, pValue };
  });
}

describe("a board ranked by wFmax, BPO", () => {
  it("ranks by the measure, with a bootstrap interval around each row's value", async () => {
    const b = await board();
    expect(b.primaryMeasure).toBe(WFMAX);
    const ranked = b.rows.filter((r) => r.rank !== null);
    expect(ranked).toHaveLength(4);
    const values = ranked.map((r) => r.scores[WFMAX]!.value!);
    expect(values).toEqual([...values].sort((x, y) => y - x));
    expect(
      ranked
        .slice(0, 2)
        .map((r) => r.teamName)
        .sort(),
    ).toEqual(["Team Sharp", "Team SharpToo"]);
    for (const r of ranked) {
      const s = r.scores[WFMAX]!;
      expect(s.ciLow).not.toBeNull();
      expect(s.ciLow!).toBeLessThanOrEqual(s.value!);
      expect(s.ciHigh!).toBeGreaterThanOrEqual(s.value!);
      expect(s.ciHigh!).toBeGreaterThan(s.ciLow!);
    }
  });

  it("has tie groups, equal to the engine's paired tests on the files", async () => {
    const b = await board();
    expect(b.ties).toMatchObject({ measure: WFMAX, supported: true, complete: true, pending: false });
    const expected = await engineTies(b);
    expect(b.rows.filter((r) => r.rank !== null).map((r) => r.tie)).toEqual(expected);
    expect(expected.map((t) => t.group)).toEqual([1, 1, 2, 2]); // the data really has two groups
  });

  it("compares two submissions under wFmax, BPO with the stored statistics", async () => {
    const result = await compareSubmissionPair(
      { id: submissionOf.get("Sharp")!, otherId: submissionOf.get("Blunt")!, viewerId: organiserId },
      p.ctx,
    );
    expect(result.tests[0]).toMatchObject({ measure: WFMAX, label: "wFmax, BPO", higherIsBetter: true });
    expect(result.tests[0]!.difference).toBeGreaterThan(0);
    expect(result.tests[0]!.pValue).toBeLessThan(0.05);
  });
});
