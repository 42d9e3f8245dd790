// The CAFA-style demo end to end on the platform (real Postgres): IA file attached and checked, score
// files validated with line numbers, scored with the cafa family, ranked by wFmax; the bundle keeps
// the IA file and the CAFA options.
import { generateCafaDemo } from "@hierboard/demo";
import {
  attachIaFile,
  buildTaskBundle,
  createSubmission,
  createUser,
  getLeaderboard,
  importTaskBundle,
  scoreSubmission,
} from "@hierboard/platform";
import { createTestPlatform, type TestPlatform } from "@hierboard/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAFA_DEMO_SLUG, seedCafaDemo } from "../src/seed-cafa-demo.ts";

const text = (s: string) => new TextEncoder().encode(s);
const BPO_WFMAX = "cafa.namespaces.BPO.wfmax";

describe("the CAFA-style demo task", () => {
  let platform: TestPlatform;
  let organiserId: string;

  beforeAll(async () => {
    platform = await createTestPlatform();
    const organiser = await createUser(
      { name: "Demo organiser", email: "organiser@cafa-demo.test", password: "quiet-harbour-lantern-organiser", role: "ORGANISER" },
      platform.ctx,
    );
    organiserId = organiser.id;
    await seedCafaDemo(platform.ctx, organiserId, () => {});
    const submissions = await platform.ctx.db.submission.findMany({
      where: { subtask: { task: { slug: CAFA_DEMO_SLUG } } },
      select: { id: true },
    });
    for (const s of submissions) await scoreSubmission(platform.ctx.db, s.id);
  });
  afterAll(async () => platform?.cleanup());

  it("ranks the teams' score files by wFmax in BPO, with every CAFA measure and bootstrap intervals", async () => {
    const board = await getLeaderboard({ slug: CAFA_DEMO_SLUG, phaseKey: "test", subtaskKey: "go", viewerId: organiserId }, platform.ctx);
    expect(board.primaryMeasure).toBe(BPO_WFMAX);
    expect(board.measures.find((m) => m.key === BPO_WFMAX)?.label).toBe("wFmax, BPO");
    const values = board.rows.map((r) => r.scores[BPO_WFMAX]?.value ?? null);
    expect(board.rows).toHaveLength(4);
    expect(values.every((v) => typeof v === "number")).toBe(true);
    expect([...values].sort((a, b) => b! - a!)).toEqual(values);
    expect(board.rows.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
    const top = board.rows[0]!.scores[BPO_WFMAX]!;
    expect(top.ciLow).toBeLessThanOrEqual(top.value!);
    expect(top.ciHigh).toBeGreaterThanOrEqual(top.value!);
    // The same numbers as the engine gives the files directly (the worker adds nothing of its own).
    const stored = await platform.ctx.db.score.findMany({
      where: { measure: "cafa.namespaces.MFO.smin", scoreSet: { submission: { subtask: { task: { slug: CAFA_DEMO_SLUG } } } } },
    });
    expect(stored).toHaveLength(4);
  });

  it("refuses score files with every bad line numbered, and over the terms-per-protein limit", async () => {
    const member = await platform.ctx.db.membership.findFirstOrThrow({ where: { team: { task: { slug: CAFA_DEMO_SLUG } } } });
    const submit = (content: string) =>
      createSubmission(
        { userId: member.userId, slug: CAFA_DEMO_SLUG, subtaskKey: "go", phaseKey: "test", fileName: "bad.tsv", content: text(content) },
        platform.ctx,
      );
    await expect(submit("P00001\tBP:0000001\t0.5\nP00001\tBP:0000002\t1.2\nP00002\tBP:0000001\n")).rejects.toMatchObject({
      code: "INVALID_FILE",
      message: expect.stringContaining("bad.tsv:2: expected a score in (0, 1]"),
    });
    await platform.ctx.db.subtask.updateMany({ where: { task: { slug: CAFA_DEMO_SLUG } }, data: { maxLabelsPerDocument: 2 } });
    await expect(submit("P00001\tBP:0000001\t0.5\nP00001\tBP:0000002\t0.5\nP00001\tBP:0000003\t0.5\n")).rejects.toMatchObject({
      code: "INVALID_FILE",
      message: expect.stringContaining("bad.tsv:3: expected at most 2 scored terms"),
    });
    await platform.ctx.db.subtask.updateMany({ where: { task: { slug: CAFA_DEMO_SLUG } }, data: { maxLabelsPerDocument: 1000 } });
  });

  it("refuses a bad IA file with its line numbers, a participant, and a new one once the version has submissions", async () => {
    const attach = (content: string, userId = organiserId) =>
      attachIaFile({ userId, slug: CAFA_DEMO_SLUG, taxonomyVersion: 1, fileName: "ia.tsv", content: text(content) }, platform.ctx);
    const member = await platform.ctx.db.membership.findFirstOrThrow({ where: { team: { task: { slug: CAFA_DEMO_SLUG } } } });
    await expect(attach("BP:0000001\t0\n", member.userId)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(attach("BP:0000001\t0.5\nBP:0000002\t-1\nBP:0000003\n")).rejects.toMatchObject({
      code: "INVALID_FILE",
      message: expect.stringMatching(/ia\.tsv:2: expected a finite weight ≥ 0/),
    });
    await expect(attach(generateCafaDemo({ seed: 5 }).iaTsv)).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("exports the IA file and the CAFA options in the bundle, and imports them back unchanged", async () => {
    const first = await buildTaskBundle({ userId: organiserId, slug: CAFA_DEMO_SLUG }, platform.ctx);
    expect(first.manifest).toContain("ia:");
    expect(first.manifest).toContain("propagation: max");
    expect([...first.files.keys()]).toContain("taxonomy/v1/ia/ia.tsv");
    const imported = await importTaskBundle({ userId: organiserId, bundle: first, slug: "demo-cafa-copy" }, platform.ctx);
    const second = await buildTaskBundle({ userId: organiserId, slug: imported.slug }, platform.ctx);
    expect(second.manifest).toBe(first.manifest.replace("slug: demo-cafa", "slug: demo-cafa-copy"));
    const tv = await platform.ctx.db.taxonomyVersion.findFirstOrThrow({ where: { taskId: imported.id } });
    expect([tv.iaFileName, tv.iaTerms, tv.namespaces]).toEqual(["ia.tsv", 123, ["BPO", "MFO", "CCO"]]);
  });
});
