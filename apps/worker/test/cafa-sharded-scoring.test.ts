// A CAFA-style subtask's score file above the shard limits is scored in shards of whole proteins,
// and stores exactly what scoring it in one job stores: every CAFA number of every namespace
// (curves included), every other measure, the bootstrap intervals, warnings and statistics. Two
// in-process workers on the same queue take turns: one that never shards, one with tiny shards.
import { attachIaFile, createSubmission, createUser, setUpTask } from "@hierboard/platform";
import { createTestPlatform, syntheticCafaTask, type TestPlatform } from "@hierboard/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { scoreWholeAndSharded } from "./helpers.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const SLUG = "cafa-shards";
const task = syntheticCafaTask();

let p: TestPlatform;
let memberId: string;

beforeAll(async () => {
  p = await createTestPlatform();
  const organiserId = (
    await createUser({ name: "Org", email: "org@cafa-shards.test", password: "organiser-pass", role: "ORGANISER" }, p.ctx)
  ).id;
  memberId = (await createUser({ name: "Team", email: "team@cafa-shards.test", password: "participant-pass" }, p.ctx)).id;
  const measure = (ns: string, m: string) => `cafa.namespaces.${ns}.${m}`;
  await setUpTask(
    {
      organiserId,
      slug: SLUG,
      title: SLUG,
      taxonomy: { fileName: "go-shaped.tsv", content: bytes(task.taxonomy) },
      subtasks: [
        {
          key: "defaults",
          name: "defaults",
          cafa: {},
          bootstrap: 200,
          measuresShown: [measure("BPO", "wfmax"), measure("MFO", "smin")],
          primaryMeasure: measure("BPO", "wfmax"),
        },
        {
          key: "options",
          name: "options",
          cafa: { propagation: "fill", normalisation: "gt", thresholdStep: 0.02, excludeRoots: true },
          bootstrap: 0,
          measuresShown: [measure("CCO", "wsmin")],
          primaryMeasure: measure("CCO", "wsmin"),
        },
      ],
      gold: { fileName: "gold.tsv", content: bytes(task.gold) },
      teams: [{ userId: memberId, name: "team-cafa" }],
    },
    p.ctx,
  );
  await attachIaFile({ userId: organiserId, slug: SLUG, taxonomyVersion: 1, fileName: "ia.tsv", content: bytes(task.ia) }, p.ctx);
});
afterAll(async () => {
  await p?.cleanup();
});

async function stored(id: string) {
  const rows = await p.ctx.db.score.findMany({ where: { submissionId: id }, orderBy: { measure: "asc" } });
  const sets = await p.ctx.db.scoreSet.findMany({ where: { submissionId: id } });
  return { rows: rows.map((r) => ({ measure: r.measure, value: r.value, ciLow: r.ciLow, ciHigh: r.ciHigh })), sets };
}

/** Scores the file once with a worker that never shards and once with shards of `proteins` proteins. */
async function scoreBothWays(subtaskKey: string, content: string, proteins: number) {
  const submit = async () =>
    (
      await createSubmission(
        { userId: memberId, slug: SLUG, subtaskKey, phaseKey: "test", fileName: "scores.tsv", content: bytes(content) },
        p.ctx,
      )
    ).id;
  const { wholeId, shardedId, plan } = await scoreWholeAndSharded(p, submit, proteins);
  return { whole: await stored(wholeId), sharded: await stored(shardedId), plan };
}

/** Every number of the cafa family's breakdown, by its path: the curves' points included. */
function cafaNumbers(breakdown: unknown): Map<string, number> {
  const out = new Map<string, number>();
  const walk = (value: unknown, path: string) => {
    if (typeof value === "number") out.set(path, value);
    else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`);
  };
  walk((breakdown as { cafa: unknown }).cafa, "cafa");
  return out;
}

describe("a CAFA-style subtask scored in shards equals scoring it in one job", () => {
  it("under CAFA-evaluator's defaults with IA weights: every CAFA number to the bit, intervals, warnings and statistics too", async () => {
    const result = await scoreBothWays("defaults", task.scores, 40);
    expect(result.plan?.shards.length).toBeGreaterThanOrEqual(6);
    const [a, b] = [result.whole.sets[0]!, result.sharded.sets[0]!];
    const numbers = cafaNumbers(a.breakdown);
    // Three namespaces, each with its weighted measures and curves.
    for (const ns of ["BPO", "MFO", "CCO"]) {
      expect(numbers.get(`cafa.namespaces.${ns}.wfmax`)).toBeGreaterThan(0);
      expect(numbers.get(`cafa.namespaces.${ns}.curve.tau.0`)).toBe(0.01);
    }
    expect(numbers.size).toBeGreaterThan(3000);
    // toEqual on numbers is Object.is: bit-identical values.
    expect(cafaNumbers(b.breakdown)).toEqual(numbers);
    expect(b.breakdown).toEqual(a.breakdown);
    expect(result.sharded.rows).toEqual(result.whole.rows);
    expect(result.sharded.rows.filter((r) => r.measure.startsWith("cafa.") && r.ciLow !== null).length).toBeGreaterThan(30);
    expect(b.warnings).toEqual(a.warnings);
    expect(a.warnings.join("\n")).toMatch(/left out \d+ score\(s\)[\s\S]*ignored \d+ protein\(s\) absent from the gold/);
    expect(b.documents).toBe(a.documents);
    expect(b.statisticsFamilies).toEqual(a.statisticsFamilies);
    expect(Buffer.from(b.statistics!).equals(Buffer.from(a.statistics!))).toBe(true);
  }, 240_000);

  it("under other options (fill, gt, step 0.02, roots excluded), without bootstrap", async () => {
    const result = await scoreBothWays("options", task.scores, 55);
    expect(result.plan?.shards.length).toBeGreaterThanOrEqual(4);
    const [a, b] = [result.whole.sets[0]!, result.sharded.sets[0]!];
    expect(cafaNumbers(a.breakdown).get("cafa.namespaces.CCO.curve.tau.1")).toBe(0.04);
    expect(cafaNumbers(b.breakdown)).toEqual(cafaNumbers(a.breakdown));
    expect(result.sharded.rows).toEqual(result.whole.rows);
    expect(b.warnings).toEqual(a.warnings);
  }, 240_000);

  it("a file whose protein's lines are apart across a cut is scored in one job, with the same result", async () => {
    const lines = task.scores.trim().split("\n");
    const scattered = `${[...lines, lines[0]!.replace(/\t[0-9.]+$/, "\t0.42")].join("\n")}\n`;
    const result = await scoreBothWays("options", scattered, 40);
    expect(result.plan).toBeUndefined();
    expect(result.sharded.rows).toEqual(result.whole.rows);
  }, 240_000);
});
