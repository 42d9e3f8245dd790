// Lossless bundles: every column of Task, Subtask and Phase is either a manifest setting under its
// own name or listed, with its reason, in COLUMNS_NOT_IN_SETTINGS (a new column with neither fails
// here); and a task with every setting away from its default makes the round trip export → import
// into a fresh database → export with the same manifest.
import { Prisma } from "@hierboard/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { COLUMNS_NOT_IN_SETTINGS, PHASE_SETTINGS, SUBTASK_SETTINGS, TASK_SETTINGS } from "../src/bundles/bundle-manifest.ts";
import {
  archiveTaskPart,
  buildTaskBundle,
  createPhase,
  createSubtask,
  createTask,
  createUser,
  importTaskBundle,
  updateParticipationRules,
  uploadTaxonomy,
  validateTaskBundle,
} from "../src/index.ts";
import { createTestPlatform, fixture, type TestPlatform } from "../src/testing/index.ts";

const MODELS = [
  ["Task", Prisma.TaskScalarFieldEnum, TASK_SETTINGS],
  ["Subtask", Prisma.SubtaskScalarFieldEnum, SUBTASK_SETTINGS],
  ["Phase", Prisma.PhaseScalarFieldEnum, PHASE_SETTINGS],
] as const;

describe("every column is in the manifest or deliberately not", () => {
  it.each(MODELS)("%s", (model, columns, settings) => {
    const accounted = [...Object.keys(settings), ...Object.keys(COLUMNS_NOT_IN_SETTINGS[model])].sort();
    expect(accounted, `a column of ${model} needs a key in its manifest settings or a reason in COLUMNS_NOT_IN_SETTINGS`).toEqual(
      Object.values(columns).sort(),
    );
  });
});

let source: TestPlatform;
let fresh: TestPlatform;
beforeAll(async () => {
  [source, fresh] = await Promise.all([createTestPlatform(), createTestPlatform()]);
});
afterAll(async () => {
  await Promise.all([source?.cleanup(), fresh?.cleanup()]);
});

const admin = (p: TestPlatform) =>
  createUser({ name: "Ada Admin", email: "ada@settings.test", password: "admin-pass-1", role: "ADMIN" }, p.ctx);

/** The settings of a shape that have a default, with values equal to it. */
function atDefault(shape: Record<string, z.ZodType>, values: Record<string, unknown>): string[] {
  return Object.entries(shape).flatMap(([key, schema]) => {
    const fallback = schema.safeParse(undefined);
    return fallback.success && JSON.stringify(fallback.data) === JSON.stringify(values[key]) ? [key] : [];
  });
}

describe("a task with every setting away from its default", () => {
  it("exports, imports into a fresh database and exports again with the same manifest", async () => {
    const userId = (await admin(source)).id;
    const slug = "every-setting";
    await createTask({ userId, slug, title: "Every setting", description: "Not the default." }, source.ctx);
    await updateParticipationRules({ userId, slug, requiresApproval: true, terms: "Cite the task paper." }, source.ctx);
    const taxonomy = await uploadTaxonomy({ userId, slug, fileName: "taxonomy.tsv", content: fixture("taxonomy.tsv") }, source.ctx);
    await createSubtask(
      {
        userId,
        slug,
        key: "b",
        name: "Cut and sectioned",
        description: "Two levels of section b.",
        taxonomyVersionId: taxonomy.id,
        maxDepth: 2,
        section: "b",
        measuresShown: ["flat.hammingLoss", "hc.f1"],
        primaryMeasure: "flat.hammingLoss",
        unknownLabels: "drop",
        missingDocuments: "error",
        bootstrap: 200,
        maxLabelsPerDocument: 40,
        showAverageRank: true,
      },
      source.ctx,
    );
    // A sectioned subtask cannot be CAFA-style: the CAFA options are away from their default here.
    await createSubtask(
      {
        userId,
        slug,
        key: "c",
        name: "CAFA-style",
        taxonomyVersionId: taxonomy.id,
        measuresShown: ["cafa.namespaces.Animals.wfmax"],
        primaryMeasure: "cafa.namespaces.Animals.smin",
        cafa: { propagation: "fill", normalisation: "gt", thresholdStep: 0.05, excludeRoots: true },
      },
      source.ctx,
    );
    await createPhase(
      {
        userId,
        slug,
        key: "final",
        name: "Final",
        startsAt: new Date("2026-03-01T00:00:00Z"),
        endsAt: new Date("2026-03-08T00:00:00Z"),
        visibility: "PRIVATE",
        dailyLimit: 3,
        totalLimit: 9,
        rule: "LAST",
        blind: true,
        finalRuns: 2,
        finalRunsBoard: "TEAM_BEST",
        descriptionsCloseAt: new Date("2026-03-20T12:00:00Z"),
        publicFraction: 0.25,
      },
      source.ctx,
    );
    await archiveTaskPart({ userId, slug, part: "subtask", key: "b", confirmKey: "b" }, source.ctx);
    await archiveTaskPart({ userId, slug, part: "phase", key: "final", confirmKey: "final" }, source.ctx);
    const first = await buildTaskBundle({ userId, slug }, source.ctx);
    const manifest = validateTaskBundle(first);
    expect(atDefault(TASK_SETTINGS, manifest.task)).toEqual([]);
    expect(atDefault(SUBTASK_SETTINGS, manifest.subtasks[0]!)).toEqual(["cafa"]);
    expect(atDefault(SUBTASK_SETTINGS, manifest.subtasks[1]!)).not.toContain("cafa");
    expect(manifest.subtasks[1]!.cafa).toEqual({ propagation: "fill", normalisation: "gt", thresholdStep: 0.05, excludeRoots: true });
    expect(atDefault(PHASE_SETTINGS, manifest.phases[0]!)).toEqual([]);

    const freshAdmin = (await admin(fresh)).id;
    await importTaskBundle({ userId: freshAdmin, bundle: first }, fresh.ctx);
    const second = await buildTaskBundle({ userId: freshAdmin, slug }, fresh.ctx);
    expect(second.manifest).toBe(first.manifest);
    const task = await fresh.ctx.db.task.findUniqueOrThrow({ where: { slug }, include: { phases: true } });
    const phase = task.phases[0]!;
    expect([task.requiresApproval, task.terms, phase.blind, phase.finalRuns, phase.finalRunsBoard, phase.descriptionsCloseAt]).toEqual([
      true,
      "Cite the task paper.",
      true,
      2,
      "TEAM_BEST",
      new Date("2026-03-20T12:00:00Z"),
    ]);
    // The split travels as its fraction; its secret key never leaves the installation, and an import gets a new one.
    expect(task.phases[0]!.publicFraction).toBe(0.25);
    const sourceKey = (await source.ctx.db.phase.findFirstOrThrow({ where: { key: "final" } })).splitKey!;
    expect(sourceKey).toMatch(/^[0-9a-f]{64}$/);
    expect(first.manifest).not.toContain(sourceKey);
    expect(task.phases[0]!.splitKey).toMatch(/^[0-9a-f]{64}$/);
    expect(task.phases[0]!.splitKey).not.toBe(sourceKey);
  });
});
