// A phase with a public/private split: the worker scores every submission on the whole gold and on
// both parts in the same pass, in one job and through shards alike, and stores each part's rows,
// intervals and per-document statistics beside the whole's.
import { createSubmission, createUser, setUpTask } from "@hierboard/platform";
import { createTestPlatform, type TestPlatform } from "@hierboard/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syntheticShardTask } from "./fixtures/synthetic-shard-task.ts";
import { startInProcessWorker, waitForStatus } from "./helpers.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const task = syntheticShardTask();

let p: TestPlatform;
let memberId: string;

beforeAll(async () => {
  p = await createTestPlatform();
  const organiserId = (await createUser({ name: "Org", email: "org@split.test", password: "organiser-pass", role: "ORGANISER" }, p.ctx)).id;
  memberId = (await createUser({ name: "Team", email: "team@split.test", password: "participant-pass" }, p.ctx)).id;
  const now = p.ctx.now().getTime();
  await setUpTask(
    {
      organiserId,
      slug: "split",
      title: "Split",
      taxonomy: { fileName: "taxonomy.tsv", content: bytes(task.taxonomy) },
      subtasks: [
        {
          key: "full",
          name: "Full",
          unknownLabels: "drop",
          missingDocuments: "empty",
          bootstrap: 100,
          measuresShown: ["flat.micro.f1", "hc.f1"],
          primaryMeasure: "flat.micro.f1",
        },
      ],
      phase: { key: "test", name: "Test", startsAt: new Date(now - 86_400_000), endsAt: new Date(now + 86_400_000), publicFraction: 0.3 },
      gold: { fileName: "gold.tsv", content: bytes(task.gold) },
      teams: [{ userId: memberId, name: "Splitters" }],
    },
    p.ctx,
  );
});
afterAll(async () => {
  await p?.cleanup();
});

/** Submits the prediction and scores it with a worker that shards at `shardDocuments` (or never); returns its score sets by part. */
async function scoreWith(fileName: string, shardDocuments?: number) {
  const worker = await startInProcessWorker(
    p,
    shardDocuments === undefined ? {} : { shardLimits: { maxDocuments: shardDocuments, maxBytes: 1 << 30 } },
  );
  try {
    const { id } = await createSubmission(
      { userId: memberId, slug: "split", subtaskKey: "full", phaseKey: "test", fileName, content: bytes(task.pred) },
      p.ctx,
    );
    await waitForStatus(p.ctx.db, id, "SCORED", 120_000);
    const sets = await p.ctx.db.scoreSet.findMany({
      where: { submissionId: id },
      include: {
        scores: { orderBy: { measure: "asc" }, select: { measure: true, value: true, ciLow: true, ciHigh: true, part: true } },
        nodeStatistics: { select: { part: true } },
      },
    });
    return { lines: worker.lines, sets: Object.fromEntries(sets.map((s) => [s.part, s])) };
  } finally {
    await worker.stop();
  }
}

describe("scoring a phase with a public/private split", () => {
  let whole: Awaited<ReturnType<typeof scoreWith>>;
  let sharded: Awaited<ReturnType<typeof scoreWith>>;
  beforeAll(async () => {
    whole = await scoreWith("pred-whole.tsv");
    sharded = await scoreWith("pred-sharded.tsv", 37);
  }, 300_000);

  it("stores the whole gold, the public and the private part, in one job", () => {
    expect(Object.keys(whole.sets).sort()).toEqual(["all", "private", "public"]);
    const { all, public: pub, private: priv } = whole.sets;
    expect(pub!.documents + priv!.documents).toBe(all!.documents);
    // About 30 % of 400 documents are public.
    expect(pub!.documents).toBeGreaterThan(80);
    expect(pub!.documents).toBeLessThan(160);
    for (const part of [pub!, priv!]) {
      expect(part.scores.every((s) => s.part === part.part)).toBe(true);
      expect(part.scores.length).toBe(all!.scores.length);
      // Each part has its own intervals and per-document statistics (for tie tests on that part).
      expect(part.scores.filter((s) => s.ciLow !== null).length).toBeGreaterThan(20);
      expect(part.statistics).not.toBeNull();
      expect(part.statisticsFamilies).toEqual(all!.statisticsFamilies);
    }
    // The explorer's per-node statistics, one row per part, in one job (a sharded file has none).
    for (const set of [all!, pub!, priv!]) expect(set.nodeStatistics.map((n) => n.part)).toEqual([set.part]);
    // The parts are scored apart: their primary values differ from the whole's.
    const primary = (set: typeof all) => set!.scores.find((s) => s.measure === "flat.micro.f1")!.value;
    expect(new Set([primary(all), primary(pub), primary(priv)]).size).toBeGreaterThan(1);
  });

  it("stores the same three parts through shards, to the bit", () => {
    expect(sharded.lines.filter((l) => l.includes("-shard-")).length).toBeGreaterThanOrEqual(9);
    expect(Object.keys(sharded.sets).sort()).toEqual(["all", "private", "public"]);
    for (const part of ["all", "public", "private"]) {
      const [a, b] = [whole.sets[part]!, sharded.sets[part]!];
      expect(b.scores, part).toEqual(a.scores);
      expect(b.documents, part).toBe(a.documents);
      expect(Buffer.from(b.statistics!).equals(Buffer.from(a.statistics!)), part).toBe(true);
    }
  });
});
