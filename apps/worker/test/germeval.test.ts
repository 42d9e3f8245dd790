// A GermEval 2019 Task 1 task end to end: hierarchy.txt, the test gold, two subtasks (A: top level,
// B: full hierarchy) and a real participant submission, scored by the worker. The data (CC BY-NC
// 4.0) is read from the shared folder, never copied; the test skips when it is absent.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { evaluate, flattenMeasures, parseLabelText, parseTaxonomy, cutTaxonomy } from "@hierboard/metrics";
import {
  createPhase,
  createSubmission,
  createSubtask,
  createTask,
  createTeam,
  createUser,
  getLeaderboard,
  setTaskStatus,
  uploadGold,
  uploadTaxonomy,
} from "@hierboard/platform";
import { createTestPlatform, type TestPlatform } from "@hierboard/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startInProcessWorker, waitForStatus } from "./helpers.ts";

const dataDir = path.join(process.env.HIERBOARD_SHARED ?? "/work/shared", "data/germeval2019");
const present = existsSync(path.join(dataDir, "hierarchy.txt"));
if (!present) console.warn(`[germeval test] skipped: no GermEval 2019 data at ${dataDir} (set HIERBOARD_SHARED)`);

const SUBMISSION = "twistbytes__thresholding";
const read = (...parts: string[]) => new Uint8Array(readFileSync(path.join(dataDir, ...parts)));

describe.skipIf(!present)("GermEval 2019 Task 1 through the platform and the worker", () => {
  let p: TestPlatform;
  let worker: Awaited<ReturnType<typeof startInProcessWorker>>;
  const ids: Record<"a" | "b", string> = { a: "", b: "" };

  beforeAll(async () => {
    p = await createTestPlatform();
    worker = await startInProcessWorker(p);
    const organiser = await createUser({ name: "Org", email: "org@germeval.test", password: "organiser-pass", role: "ORGANISER" }, p.ctx);
    const team = await createUser({ name: "Team", email: "team@germeval.test", password: "participant-pass" }, p.ctx);
    const slug = "germeval-2019-t1";
    await createTask({ userId: organiser.id, slug, title: "GermEval 2019 Task 1" }, p.ctx);
    const taxonomy = await uploadTaxonomy({ userId: organiser.id, slug, fileName: "hierarchy.txt", content: read("hierarchy.txt") }, p.ctx);
    expect(taxonomy).toMatchObject({ nodeCount: 343, isDag: false });
    const common = {
      userId: organiser.id,
      slug,
      taxonomyVersionId: taxonomy.id,
      missingDocuments: "empty" as const,
    };
    await createSubtask(
      {
        ...common,
        key: "a",
        name: "Subtask A",
        maxDepth: 1,
        section: "a",
        measuresShown: ["flat.micro.f1", "hc.f1"],
        primaryMeasure: "flat.micro.f1",
      },
      p.ctx,
    );
    await createSubtask(
      {
        ...common,
        key: "b",
        name: "Subtask B",
        section: "b",
        measuresShown: ["flat.micro.f1", "hc.f1", "hierarchical.f1"],
        primaryMeasure: "flat.micro.f1",
      },
      p.ctx,
    );
    const now = Date.now();
    await createPhase(
      { userId: organiser.id, slug, key: "test", name: "Test", startsAt: new Date(now - 86_400_000), endsAt: new Date(now + 86_400_000) },
      p.ctx,
    );
    const gold = await uploadGold(
      { userId: organiser.id, slug, phaseKey: "test", fileName: "blurbs_test_label.txt", content: read("blurbs_test_label.txt") },
      p.ctx,
    );
    await setTaskStatus({ userId: organiser.id, slug, status: "PUBLISHED" }, p.ctx);
    expect(gold.documents).toBe(4157);
    await createTeam({ userId: team.id, slug, name: "twistbytes" }, p.ctx);
    for (const key of ["a", "b"] as const) {
      const created = await createSubmission(
        {
          userId: team.id,
          slug,
          subtaskKey: key,
          phaseKey: "test",
          fileName: `${SUBMISSION}.txt`,
          content: read("submissions", `${SUBMISSION}.txt`),
        },
        p.ctx,
      );
      ids[key] = created.id;
    }
  });
  afterAll(async () => {
    await worker?.stop();
    await p?.cleanup();
  });

  for (const key of ["a", "b"] as const) {
    it(`scores subtask ${key.toUpperCase()} exactly as the engine and the official expected values`, async () => {
      await waitForStatus(p.ctx.db, ids[key], "SCORED", 60_000);
      const rows = await p.ctx.db.score.findMany({ where: { submissionId: ids[key] } });
      const stored = Object.fromEntries(rows.map((r) => [r.measure, r.value]));

      const full = parseTaxonomy(read("hierarchy.txt"), { fileName: "hierarchy.txt" });
      const taxonomy = key === "a" ? cutTaxonomy(full, 1) : full;
      const gold = parseLabelText(read("blurbs_test_label.txt"), { taxonomy, role: "gold", subtask: key });
      const pred = parseLabelText(read("submissions", `${SUBMISSION}.txt`), { taxonomy, role: "prediction", subtask: key });
      const engine = flattenMeasures(evaluate({ taxonomy, gold, pred, metrics: "all" }));
      for (const [measure, value] of Object.entries(stored)) if (value !== null) expect(value, measure).toBe(engine[measure]);

      const expected = JSON.parse(readFileSync(path.join(dataDir, "expected", `subtask-${key}.json`), "utf8")) as Record<
        string,
        { flat: { micro: { f1: number }; macro: { f1: number } } }
      >;
      const official = expected[SUBMISSION]!;
      expect(stored["flat.micro.f1"]).toBeCloseTo(official.flat.micro.f1, 9);
      expect(stored["flat.macro.f1"]).toBeCloseTo(official.flat.macro.f1, 9);
    });
  }

  it("puts the team on both boards", async () => {
    for (const key of ["a", "b"]) {
      const board = await getLeaderboard({ slug: "germeval-2019-t1", phaseKey: "test", subtaskKey: key, viewerId: null }, p.ctx);
      expect(board.rows).toHaveLength(1);
      expect(board.rows[0]).toMatchObject({ rank: 1, teamName: "twistbytes" });
    }
  });
});
