// The explorer's per-node statistics: recorded by the scoring job, adding up to the stored micro
// counts, and read with the report's visibility (team, other team, anonymous, organiser, blind).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSubmission,
  createTeam,
  createUser,
  getNodeHeatMap,
  getNodeStatistics,
  nodeHeatMapCsv,
  nodeHeatMapLatex,
  scoreSubmission,
} from "../src/index.ts";
import { createTestPlatform, fixture, seedTask, type SeededTask, type TestPlatform, submitAsMember } from "../src/testing/index.ts";

let p: TestPlatform;
let seed: SeededTask;
let goodId: string;
let rivalId: string;
const start = new Date("2030-01-10T12:00:00Z");
const end = new Date("2030-01-20T12:00:00Z");

beforeAll(async () => {
  p = await createTestPlatform({ now: start });
  seed = await seedTask(p.ctx, { startsAt: new Date("2030-01-01T00:00:00Z"), endsAt: end });
  const rival = await createUser({ name: "Rita Rival", email: "rita@zoo.test", password: "rival-pass-123" }, p.ctx);
  await createTeam({ userId: rival.id, slug: seed.slug, name: "Team Rita" }, p.ctx);
  rivalId = rival.id;
  const created = await submitAsMember(p.ctx, seed, "pred-good.tsv", fixture("pred-good.tsv"));
  goodId = created.id;
  await scoreSubmission(p.ctx.db, goodId);
  const perfect = await createSubmission(
    {
      userId: rival.id,
      slug: seed.slug,
      subtaskKey: seed.subtaskKey,
      phaseKey: seed.phaseKey,
      fileName: "pred-perfect.tsv",
      content: fixture("pred-perfect.tsv"),
    },
    p.ctx,
  );
  await scoreSubmission(p.ctx.db, perfect.id);
});
afterAll(async () => {
  await p?.cleanup();
});

const read = (viewerId: string | null, extra: { view?: "written" | "ancestors"; under?: string; levels?: number } = {}) =>
  getNodeStatistics({ id: goodId, viewerId, ...extra }, p.ctx);

describe("getNodeStatistics", () => {
  it("adds up to the stored flat and hierarchical micro counts", async () => {
    const set = await p.ctx.db.scoreSet.findFirstOrThrow({ where: { submissionId: goodId }, select: { breakdown: true } });
    const breakdown = set.breakdown as {
      flat: { micro: { tp: number; fp: number; fn: number } };
      hierarchical: { tp: number; predicted: number; gold: number };
    };
    const written = await read(seed.memberId);
    const sum = (rows: { tp: number; fp: number; fn: number }[], key: "tp" | "fp" | "fn") => rows.reduce((t, r) => t + r[key], 0);
    expect({ tp: sum(written.nodes, "tp"), fp: sum(written.nodes, "fp"), fn: sum(written.nodes, "fn") }).toEqual({
      tp: breakdown.flat.micro.tp,
      fp: breakdown.flat.micro.fp,
      fn: breakdown.flat.micro.fn,
    });
    const ancestors = await read(seed.memberId, { view: "ancestors" });
    expect(sum(ancestors.nodes, "tp")).toBe(breakdown.hierarchical.tp);
    expect(sum(ancestors.nodes, "tp") + sum(ancestors.nodes, "fp")).toBe(breakdown.hierarchical.predicted);
    expect(sum(ancestors.nodes, "tp") + sum(ancestors.nodes, "fn")).toBe(breakdown.hierarchical.gold);
  });

  it("gives each node's counts, measures, depth and where its false positives land", async () => {
    // gold d2 Birds / pred Mammals (siblings under Animals); d4 Dogs / Dogs Birds (Birds beside Dogs' branch).
    const { nodes, confusions, lcaDepths } = await read(seed.memberId);
    const mammals = nodes.find((n) => n.label === "Mammals")!;
    expect(mammals).toMatchObject({
      depth: 2,
      support: 0,
      predicted: 1,
      tp: 0,
      fp: 1,
      fn: 0,
      precision: 0,
      recall: null,
      parents: ["Animals"],
    });
    expect(mammals.landing.sibling).toBe(1);
    expect(nodes.find((n) => n.label === "Birds")!.landing.sameBranch).toBe(1);
    expect(confusions).toContainEqual({ gold: "Birds", predicted: "Mammals", count: 1 });
    expect(lcaDepths.reduce((t, v) => t + v, 0)).toBe(2);
    const shares = nodes.reduce((t, n) => t + n.errorShare, 0);
    expect(shares).toBeCloseTo(1, 12);
  });

  it("answers one subtree, a level at a time, with its path", async () => {
    const top = await read(seed.memberId, { view: "ancestors", levels: 1 });
    expect(top.nodes.map((n) => n.label).sort()).toEqual(["Animals", "Plants"]);
    const animals = await read(seed.memberId, { view: "ancestors", under: "Mammals" });
    expect(animals.under?.path).toEqual(["Animals", "Mammals"]);
    expect(animals.nodes.map((n) => n.label).sort()).toEqual(["Cats", "Dogs"]);
  });

  it("refuses a label the taxonomy does not have, naming it", async () => {
    await expect(read(seed.memberId, { under: "Unicorns" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: expect.stringContaining('"Unicorns"'),
    });
  });

  it("hides them from other teams and anonymous viewers until the phase ends, not from the organisers", async () => {
    await expect(read(rivalId)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(read(null)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await read(seed.organiserId)).nodes.length).toBeGreaterThan(0);
    p.setNow(new Date(end.getTime() + 1000));
    expect((await read(null)).nodes.length).toBeGreaterThan(0);
    p.setNow(start);
  });

  it("keeps them from the team itself in a blind phase until the results are published", async () => {
    const phase = await p.ctx.db.phase.findFirstOrThrow({ where: { key: seed.phaseKey, task: { slug: seed.slug } } });
    await p.ctx.db.phase.update({ where: { id: phase.id }, data: { blind: true } });
    await expect(read(seed.memberId)).rejects.toMatchObject({ code: "FORBIDDEN", message: expect.stringContaining("blind") });
    expect((await read(seed.organiserId)).nodes.length).toBeGreaterThan(0);
    await p.ctx.db.phase.update({ where: { id: phase.id }, data: { blind: false } });
  });

  it("keeps them from everyone but the organisers while the task is a draft", async () => {
    const task = await p.ctx.db.task.findFirstOrThrow({ where: { slug: seed.slug } });
    await p.ctx.db.task.update({ where: { id: task.id }, data: { status: "DRAFT" } });
    p.setNow(new Date(end.getTime() + 1000));
    await expect(read(null)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(read(rivalId)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await read(seed.organiserId)).nodes.length).toBeGreaterThan(0);
    p.setNow(start);
    await p.ctx.db.task.update({ where: { id: task.id }, data: { status: task.status } });
  });
});

describe("getNodeHeatMap", () => {
  const map = (userId: string) =>
    getNodeHeatMap({ userId, slug: seed.slug, phaseKey: seed.phaseKey, subtaskKey: seed.subtaskKey, levels: 2 }, p.ctx);

  it("gives the organisers every team's F1 with ancestors on the top levels, exportable as CSV and LaTeX", async () => {
    const heat = await map(seed.organiserId);
    expect(heat.teams).toHaveLength(2);
    expect(heat.teams.map((t) => t.name)).toContain("Team Rita");
    const rita = heat.teams.findIndex((t) => t.name === "Team Rita");
    for (const node of heat.nodes) expect(node.f1[rita]).toBe(1); // the perfect file
    const birds = heat.nodes.find((n) => n.label === "Birds")!;
    expect(birds).toMatchObject({ depth: 2, support: 1 });
    expect(birds.f1[1 - rita]).toBe(0); // gold d2 Birds, predicted Mammals; Birds predicted in d4 without gold
    const csv = nodeHeatMapCsv(heat).trim().split("\n");
    expect(csv).toHaveLength(heat.nodes.length + 1);
    expect(csv[0]).toContain("Team Rita");
    const latex = nodeHeatMapLatex(heat, 3);
    expect(latex).toContain("\\toprule");
    // The hardest node first: the lowest mean F1.
    const hardest = [...heat.nodes].sort((a, b) => a.meanF1! - b.meanF1!)[0]!;
    expect(latex.split("\n")[4]).toContain(hardest.label);
  });

  it("is for the organisers only", async () => {
    await expect(map(seed.memberId)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(map(rivalId)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
