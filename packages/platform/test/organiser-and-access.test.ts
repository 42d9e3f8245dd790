// Organiser flows (taxonomy, subtasks, phases, gold versions) and who may read what.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  createSubtask,
  getLeaderboard,
  getSubmission,
  getTaskConsole,
  getTaskOverview,
  getTeamArea,
  listAuditLog,
  uploadGold,
  uploadTaxonomy,
  updatePhase,
} from "../src/index.ts";
import {
  createTestPlatform,
  fixture,
  fixtureText,
  seedTask,
  type SeededTask,
  type TestPlatform,
  submitAsMember,
} from "../src/testing/index.ts";

let p: TestPlatform;
let seed: SeededTask;
beforeAll(async () => {
  p = await createTestPlatform();
  seed = await seedTask(p.ctx);
});
afterAll(async () => {
  await p?.cleanup();
});

describe("taxonomy upload", () => {
  it("stores file, sha256, node count, depth and tree/DAG", async () => {
    const console = await getTaskConsole({ slug: seed.slug, userId: seed.organiserId }, p.ctx);
    expect(console?.taxonomies).toEqual([
      expect.objectContaining({
        version: 1,
        fileName: "taxonomy.tsv",
        nodeCount: 8,
        depth: 3,
        isDag: false,
        contentHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
    ]);
    const row = await p.ctx.db.taxonomyVersion.findFirstOrThrow();
    expect(Buffer.from(row.content).toString("utf8")).toBe(fixtureText("taxonomy.tsv"));
  });

  it("refuses a cyclic taxonomy with the engine's message, storing nothing", async () => {
    const error = (await uploadTaxonomy(
      { userId: seed.organiserId, slug: seed.slug, fileName: "taxonomy-cycle.tsv", content: fixture("taxonomy-cycle.tsv") },
      p.ctx,
    ).catch((e: unknown) => e)) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe("INVALID_FILE");
    expect(error.details).toMatchObject({ issues: [{ code: "CYCLE" }] });
    expect(await p.ctx.db.taxonomyVersion.count()).toBe(1);
  });

  it("lets only the task's organisers upload", async () => {
    await expect(
      uploadTaxonomy({ userId: seed.memberId, slug: seed.slug, fileName: "t.tsv", content: fixture("taxonomy.tsv") }, p.ctx),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});

describe("subtasks and gold", () => {
  it("refuses a level cut deeper than the taxonomy, an unknown measure, and a cut the phase's gold does not fit", async () => {
    const taxonomy = await p.ctx.db.taxonomyVersion.findFirstOrThrow();
    const base = {
      userId: seed.organiserId,
      slug: seed.slug,
      name: "Top",
      taxonomyVersionId: taxonomy.id,
      measuresShown: ["hc.f1"],
      primaryMeasure: "hc.f1",
    };
    await expect(createSubtask({ ...base, key: "deep", maxDepth: 4 }, p.ctx)).rejects.toMatchObject({ code: "INVALID_INPUT" });
    await expect(createSubtask({ ...base, key: "bad", primaryMeasure: "no.such.measure" }, p.ctx)).rejects.toThrow();
    // The gold names level-3 labels, which a 1-level cut does not have: nothing is stored, and the
    // first issue says the label belongs to a deeper level.
    await expect(createSubtask({ ...base, key: "top", maxDepth: 1 }, p.ctx)).rejects.toMatchObject({
      code: "INVALID_FILE",
      details: {
        issues: expect.arrayContaining([
          expect.objectContaining({ file: "gold.tsv", line: 1, code: "UNKNOWN_LABEL", detail: expect.stringContaining("deeper level") }),
        ]),
      },
    });
    expect(await p.ctx.db.subtask.count({ where: { key: "top" } })).toBe(0);
    const three = await createSubtask({ ...base, key: "three", maxDepth: 3 }, p.ctx);
    expect(three).toMatchObject({ key: "three", maxDepth: 3, measuresShown: ["hc.f1"], unknownLabels: "error", missingDocuments: "error" });
  });

  it("validates gold against every subtask and keeps old versions", async () => {
    const bad = new TextEncoder().encode("d1\tCats\nd2\tUnicorns\n");
    await expect(
      uploadGold({ userId: seed.organiserId, slug: seed.slug, phaseKey: seed.phaseKey, fileName: "g.tsv", content: bad }, p.ctx),
    ).rejects.toMatchObject({
      code: "INVALID_FILE",
      details: { issues: [{ line: 2, code: "UNKNOWN_LABEL" }] },
    });
    const v2 = await uploadGold(
      { userId: seed.organiserId, slug: seed.slug, phaseKey: seed.phaseKey, fileName: "gold-v2.tsv", content: fixture("gold.tsv") },
      p.ctx,
    );
    expect(v2).toMatchObject({ version: 2, documents: 5 });
    expect(await p.ctx.db.goldVersion.count()).toBe(2);
  });
});

describe("gold is never served", () => {
  it("appears in no read model, for organisers or teams", async () => {
    const submission = await submitAsMember(p.ctx, seed, "p.tsv", fixture("pred-good.tsv"));
    const reads = await Promise.all([
      getTaskConsole({ slug: seed.slug, userId: seed.organiserId }, p.ctx),
      getTaskOverview({ slug: seed.slug, viewerId: seed.memberId }, p.ctx),
      getTeamArea({ slug: seed.slug, userId: seed.memberId }, p.ctx),
      getSubmission({ id: submission.id, viewerId: seed.organiserId }, p.ctx),
      getLeaderboard({ slug: seed.slug, phaseKey: seed.phaseKey, subtaskKey: null, viewerId: seed.organiserId }, p.ctx),
      listAuditLog({ userId: seed.organiserId, slug: seed.slug }, p.ctx),
    ]);
    const everything = JSON.stringify(reads);
    // The gold's distinctive line ("d3<TAB>Trees<TAB>Flowers") and its bytes in any encoding.
    expect(everything).not.toContain("Trees\\tFlowers");
    expect(everything).not.toContain(Buffer.from(fixture("gold.tsv")).toString("base64"));
    expect(everything).not.toMatch(/"content"/);
    const phase = reads[0]?.phases[0];
    expect(phase?.gold).toEqual(expect.objectContaining({ version: 2, documents: 5, fileName: "gold-v2.tsv" }));
  });
});

describe("private phases", () => {
  it("hide the board from everyone but the organisers until the phase ends", async () => {
    const phase = await p.ctx.db.phase.findFirstOrThrow();
    const base = {
      userId: seed.organiserId,
      slug: seed.slug,
      phaseKey: phase.key,
      key: phase.key,
      name: phase.name,
      startsAt: phase.startsAt,
      endsAt: phase.endsAt,
    };
    await updatePhase({ ...base, visibility: "PRIVATE" }, p.ctx);
    const args = { slug: seed.slug, phaseKey: phase.key, subtaskKey: null };
    expect((await getLeaderboard({ ...args, viewerId: seed.memberId }, p.ctx)).hidden).toBe(true);
    expect((await getLeaderboard({ ...args, viewerId: null }, p.ctx)).rows).toEqual([]);
    expect((await getLeaderboard({ ...args, viewerId: seed.organiserId }, p.ctx)).hidden).toBe(false);
    await updatePhase({ ...base, visibility: "PUBLIC" }, p.ctx);
  });
});

describe("reading submissions", () => {
  it("shows a team's submission to the team and organisers only until the phase ends", async () => {
    const [mine] = await p.ctx.db.submission.findMany({ where: { teamId: seed.teamId } });
    expect(mine).toBeDefined();
    const id = mine!.id;
    expect((await getSubmission({ id, viewerId: seed.memberId }, p.ctx)).teamName).toBe("Team Tariq");
    expect((await getSubmission({ id, viewerId: seed.organiserId }, p.ctx)).status).toBe("QUEUED");
    await expect(getSubmission({ id, viewerId: seed.outsiderId }, p.ctx)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(getSubmission({ id, viewerId: null }, p.ctx)).rejects.toMatchObject({ code: "FORBIDDEN" });

    const phase = await p.ctx.db.phase.findFirstOrThrow();
    // End the phase just after its last submission (an earlier end would meet the end-date guard).
    const latest = await p.ctx.db.submission.aggregate({ where: { phaseId: phase.id }, _max: { createdAt: true } });
    const endsAt = new Date(latest._max.createdAt!.getTime() + 1);
    await expect.poll(() => Date.now()).toBeGreaterThan(endsAt.getTime());
    await updatePhase(
      {
        userId: seed.organiserId,
        slug: seed.slug,
        phaseKey: phase.key,
        key: phase.key,
        name: phase.name,
        startsAt: phase.startsAt,
        endsAt,
      },
      p.ctx,
    );
    expect((await getSubmission({ id, viewerId: seed.outsiderId }, p.ctx)).id).toBe(id);
  });

  it("records the organiser's and team's actions in the audit log", async () => {
    const log = await listAuditLog({ userId: seed.organiserId, slug: seed.slug }, p.ctx);
    const actions = log.map((e) => e.action);
    for (const action of [
      "task.create",
      "taxonomy.upload",
      "subtask.create",
      "phase.create",
      "gold.upload",
      "team.create",
      "submission.create",
      "phase.update",
    ]) {
      expect(actions).toContain(action);
    }
    await expect(listAuditLog({ userId: seed.memberId, slug: seed.slug }, p.ctx)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
