// Sharded scoring stores exactly what scoring in one job stores: every measure, every bootstrap
// interval, the breakdown and the warnings. Two in-process workers on the same queue take turns:
// one that never shards, one with a tiny shard size. On a generated fixture (always) and on the
// GermEval 2019 data (read from the shared folder, skipped with a message when absent).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { createSubmission, createUser, decodeNodeStatistics, setUpTask } from "@hierboard/platform";
import { createTestPlatform, type TestPlatform } from "@hierboard/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { syntheticShardTask } from "./fixtures/synthetic-shard-task.ts";
import { scoreWholeAndSharded } from "./helpers.ts";

const dataDir = path.join(process.env.HIERBOARD_SHARED ?? "/work/shared", "data/germeval2019");
const germevalPresent = existsSync(path.join(dataDir, "hierarchy.txt"));
if (!germevalPresent)
  console.warn(`[sharded scoring test] GermEval part skipped: no GermEval 2019 data at ${dataDir} (set HIERBOARD_SHARED)`);
const readShared = (...parts: string[]) => new Uint8Array(readFileSync(path.join(dataDir, ...parts)));
const bytes = (text: string) => new TextEncoder().encode(text);

let p: TestPlatform;
let organiserId: string;
let memberId: string;

beforeAll(async () => {
  p = await createTestPlatform();
  organiserId = (await createUser({ name: "Org", email: "org@shards.test", password: "organiser-pass", role: "ORGANISER" }, p.ctx)).id;
  memberId = (await createUser({ name: "Team", email: "team@shards.test", password: "participant-pass" }, p.ctx)).id;
});
afterAll(async () => {
  await p?.cleanup();
});

interface TaskFiles {
  slug: string;
  taxonomy: { fileName: string; content: Uint8Array };
  gold: { fileName: string; content: Uint8Array };
  subtasks: { key: string; maxDepth?: number; section?: "a" | "b"; unknownLabels?: "drop" | "error"; bootstrap: number }[];
}

async function seed(files: TaskFiles) {
  await setUpTask(
    {
      organiserId,
      slug: files.slug,
      title: files.slug,
      taxonomy: files.taxonomy,
      subtasks: files.subtasks.map((s) => ({
        key: s.key,
        name: s.key,
        maxDepth: s.maxDepth,
        section: s.section,
        unknownLabels: s.unknownLabels,
        missingDocuments: "empty",
        bootstrap: s.bootstrap,
        measuresShown: ["flat.micro.f1", "hc.f1"],
        primaryMeasure: "flat.micro.f1",
      })),
      gold: files.gold,
      teams: [{ userId: memberId, name: `team-${files.slug}` }],
    },
    p.ctx,
  );
}

/** Scores the file once with a worker that never shards and once with tiny shards; returns both. */
async function scoreBothWays(slug: string, subtaskKey: string, file: { fileName: string; content: Uint8Array }, shardDocuments: number) {
  const submit = async () => (await createSubmission({ userId: memberId, slug, subtaskKey, phaseKey: "test", ...file }, p.ctx)).id;
  const stored = async (id: string) => {
    const rows = await p.ctx.db.score.findMany({ where: { submissionId: id }, orderBy: { measure: "asc" } });
    const sets = await p.ctx.db.scoreSet.findMany({ where: { submissionId: id } });
    const nodes = await p.ctx.db.nodeStatistics.findMany({ where: { scoreSet: { submissionId: id } } });
    return { rows: rows.map((r) => ({ measure: r.measure, value: r.value, ciLow: r.ciLow, ciHigh: r.ciHigh })), sets, nodes };
  };
  const { wholeId, shardedId, plan, lines } = await scoreWholeAndSharded(p, submit, shardDocuments);
  return {
    whole: await stored(wholeId),
    sharded: await stored(shardedId),
    // Shard results live in Postgres until the merged scores are stored, then are removed.
    shardRowsLeft: await p.ctx.db.scoringShard.count({ where: { submissionId: shardedId } }),
    plan,
    lines,
  };
}

function expectIdentical(result: Awaited<ReturnType<typeof scoreBothWays>>, minShards: number, withIntervals: boolean) {
  expect(result.plan?.shards.length).toBeGreaterThanOrEqual(minShards);
  expect(result.lines.filter((l) => l.includes("-shard-")).length).toBe(result.plan!.shards.length);
  expect(result.whole.rows.length).toBeGreaterThan(20);
  // toEqual on numbers is Object.is: bit-identical values, NaN and null included.
  expect(result.sharded.rows).toEqual(result.whole.rows);
  expect(result.shardRowsLeft).toBe(0);
  if (withIntervals) expect(result.sharded.rows.filter((r) => r.ciLow !== null).length).toBeGreaterThan(20);
  expect(result.sharded.sets).toHaveLength(1);
  const [a, b] = [result.whole.sets[0]!, result.sharded.sets[0]!];
  expect(b.breakdown).toEqual(a.breakdown);
  expect(b.warnings).toEqual(a.warnings);
  expect(b.documents).toBe(a.documents);
  // The per-document statistics stored for ties and comparisons, and the label analysis, too.
  expect(a.statistics).not.toBeNull();
  expect(b.statisticsFamilies).toEqual(a.statisticsFamilies);
  expect(Buffer.from(b.statistics!).equals(Buffer.from(a.statistics!))).toBe(true);
  expect(b.labelErrors).toEqual(a.labelErrors);
  // The explorer's per-node statistics: added up from the shards, the same counts, landings and top confusions.
  expect(result.whole.nodes).toHaveLength(1);
  expect(result.sharded.nodes).toHaveLength(1);
  const [wholeNodes, shardedNodes] = [result.whole.nodes[0]!, result.sharded.nodes[0]!];
  expect(shardedNodes.part).toBe(wholeNodes.part);
  expect(shardedNodes.nodes).toBe(wholeNodes.nodes);
  expect(wholeNodes.nodes).toBeGreaterThan(0);
  expect(decodeNodeStatistics(shardedNodes.data)).toEqual(decodeNodeStatistics(wholeNodes.data));
  expect(Buffer.from(shardedNodes.data).equals(Buffer.from(wholeNodes.data))).toBe(true);
}

describe("sharded scoring equals scoring in one job", () => {
  it("on a generated DAG task (shuffled, missing and unknown labels, CRLF, blank lines), bootstrap included", async () => {
    const task = syntheticShardTask();
    await seed({
      slug: "synthetic-shards",
      taxonomy: { fileName: "taxonomy.tsv", content: bytes(task.taxonomy) },
      gold: { fileName: "gold.tsv", content: bytes(task.gold) },
      subtasks: [{ key: "full", unknownLabels: "drop", bootstrap: 300 }],
    });
    const result = await scoreBothWays("synthetic-shards", "full", { fileName: "pred.tsv", content: bytes(task.pred) }, 37);
    expectIdentical(result, 9, true);
    expect(result.whole.sets[0]!.warnings.join("\n")).toMatch(/dropped \d+ unknown labels[\s\S]*no prediction for \d+ of 400/);
  });

  it("without bootstrap too (sums of integer families, the rest in gold order)", async () => {
    await p.ctx.db.subtask.updateMany({ where: { key: "full" }, data: { bootstrap: 0 } });
    const task = syntheticShardTask(7, 300);
    const result = await scoreBothWays(
      "synthetic-shards",
      "full",
      { fileName: "pred-2.tsv", content: bytes(task.pred.replaceAll("doc", "doc")) },
      23,
    );
    expectIdentical(result, 10, false);
  });

  it("when a family is integral in one shard but not in others (a shard of perfect predictions)", async () => {
    const task = syntheticShardTask();
    const goldLines = task.gold.trim().split("\n");
    const pred =
      [
        ...goldLines.slice(0, 60),
        ...task.pred
          .trim()
          .split("\n")
          .filter((l) => !/^doc([0-9]|[1-5][0-9])(\t|\r|$)/.test(l)),
      ].join("\n") + "\n";
    const result = await scoreBothWays("synthetic-shards", "full", { fileName: "pred-3.tsv", content: bytes(pred) }, 30);
    expectIdentical(result, 10, false);
  });

  it("a small file against a larger gold goes through one shard (no job holds the whole gold); the gold is stored by document at its first sharded scoring, again after its rows are gone", async () => {
    const task = syntheticShardTask();
    const gold = await p.ctx.db.goldVersion.findFirstOrThrow({
      where: { phase: { task: { slug: "synthetic-shards" } } },
      orderBy: { version: "desc" },
    });
    // As a gold version uploaded before GoldDocument existed (or any version before its first sharded scoring).
    await p.ctx.db.goldDocument.deleteMany({ where: { goldVersionId: gold.id } });
    await p.ctx.db.goldVersion.update({ where: { id: gold.id }, data: { documentFormat: null } });
    const small =
      task.pred
        .trim()
        .split("\n")
        .filter((l) => l.trim() !== "")
        .slice(0, 20)
        .join("\n") + "\n";
    const result = await scoreBothWays("synthetic-shards", "full", { fileName: "pred-small.tsv", content: bytes(small) }, 37);
    expect(result.plan?.shards).toHaveLength(1);
    expectIdentical(result, 1, false);
    expect(await p.ctx.db.goldDocument.count({ where: { goldVersionId: gold.id } })).toBe(400);
    expect((await p.ctx.db.goldVersion.findUniqueOrThrow({ where: { id: gold.id } })).documentFormat).toBe("tsv");
  });

  it("at 100,000 documents (4 buckets of gold positions, 8 shards over a shuffled file): identical to the bit", async () => {
    const task = syntheticShardTask(100_000, 100_000);
    await seed({
      slug: "synthetic-100k",
      taxonomy: { fileName: "taxonomy.tsv", content: bytes(task.taxonomy) },
      gold: { fileName: "gold.tsv", content: bytes(task.gold) },
      subtasks: [{ key: "full", unknownLabels: "drop", bootstrap: 0 }],
    });
    const result = await scoreBothWays("synthetic-100k", "full", { fileName: "pred.tsv", content: bytes(task.pred) }, 12_500);
    expectIdentical(result, 8, false);
    expect(result.whole.sets[0]!.documents).toBe(100_000);
  }, 300_000);

  describe.skipIf(!germevalPresent)("GermEval 2019 Task 1 (4,157 documents, two-section file)", () => {
    beforeAll(async () => {
      await seed({
        slug: "germeval-shards",
        taxonomy: { fileName: "hierarchy.txt", content: readShared("hierarchy.txt") },
        gold: { fileName: "blurbs_test_label.txt", content: readShared("blurbs_test_label.txt") },
        subtasks: [
          { key: "a", maxDepth: 1, section: "a", bootstrap: 200 },
          { key: "b", section: "b", bootstrap: 200 },
        ],
      });
    });
    for (const key of ["a", "b"] as const) {
      it(`subtask ${key.toUpperCase()}: every measure and bootstrap interval identical with shards of 500 documents`, async () => {
        const file = { fileName: "twistbytes__thresholding.txt", content: readShared("submissions", "twistbytes__thresholding.txt") };
        expectIdentical(await scoreBothWays("germeval-shards", key, file, 500), 8, true);
      });
    }
  });
});
