// Deleting a subtask or phase made by mistake (none of its submissions exist, the organiser types
// its key), and archiving one that has submissions: hidden from the board, the Data tab and new
// submissions, kept in the audit log and in the bundle.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  archiveTaskPart,
  buildTaskBundle,
  createPhase,
  createSubtask,
  deleteTaskPart,
  getLeaderboard,
  getTaskOverview,
  listAuditLog,
  validateTaskBundle,
} from "../src/index.ts";
import { createTestPlatform, fixture, seedTask, type SeededTask, type TestPlatform, submitAsMember } from "../src/testing/index.ts";

let p: TestPlatform;
let seed: SeededTask;
const submit = () => submitAsMember(p.ctx, seed, "pred.tsv", fixture("pred-good.tsv"));

beforeAll(async () => {
  p = await createTestPlatform({ now: new Date("2026-11-22T10:00:00Z") });
  seed = await seedTask(p.ctx);
  const { taxonomyVersionId } = await p.ctx.db.subtask.findFirstOrThrow({ where: { key: seed.subtaskKey } });
  await createSubtask(
    {
      userId: seed.organiserId,
      slug: seed.slug,
      key: "extra",
      name: "Made by mistake",
      taxonomyVersionId,
      measuresShown: ["hc.f1"],
      primaryMeasure: "hc.f1",
    },
    p.ctx,
  );
  const now = p.ctx.now().getTime();
  await createPhase(
    { userId: seed.organiserId, slug: seed.slug, key: "spare", name: "Spare", startsAt: new Date(now), endsAt: new Date(now + 86_400_000) },
    p.ctx,
  );
});
afterAll(async () => {
  await p?.cleanup();
});

const remove = (part: "subtask" | "phase", key: string, confirmKey = key, userId = seed.organiserId) => ({
  userId,
  slug: seed.slug,
  part,
  key,
  confirmKey,
});
const overview = () => getTaskOverview({ slug: seed.slug, viewerId: seed.memberId }, p.ctx);

describe("deleting", () => {
  it("refuses without the part's key typed again, and refuses a team member, changing nothing", async () => {
    await expect(deleteTaskPart(remove("subtask", "extra", "Made by mistake"), p.ctx)).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringContaining(`type the subtask's key "extra" (Made by mistake); got "Made by mistake"`),
    });
    await expect(deleteTaskPart(remove("subtask", "extra", "extra", seed.memberId), p.ctx)).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await overview())!.subtasks.map((s) => s.key)).toContain("extra");
  });

  it("deletes a subtask and a phase without submissions, and the audit log names them", async () => {
    await deleteTaskPart(remove("subtask", "extra"), p.ctx);
    await deleteTaskPart(remove("phase", "spare"), p.ctx);
    const o = (await overview())!;
    expect(o.subtasks.map((s) => s.key)).toEqual([seed.subtaskKey]);
    expect(o.phases.map((ph) => ph.key)).toEqual([seed.phaseKey]);
    const audit = await listAuditLog({ userId: seed.organiserId, slug: seed.slug }, p.ctx);
    expect(audit.filter((e) => e.action.endsWith(".delete")).map((e) => [e.action, e.details])).toEqual(
      expect.arrayContaining([
        ["subtask.delete", { key: "extra", name: "Made by mistake" }],
        ["phase.delete", { key: "spare", name: "Spare" }],
      ]),
    );
  });
});

describe("archiving", () => {
  it("refuses to delete a phase with submissions, and archives it: hidden, closed to submissions, kept in the bundle", async () => {
    await submit();
    await expect(deleteTaskPart(remove("phase", seed.phaseKey), p.ctx)).rejects.toMatchObject({
      code: "CONFLICT",
      message: `The phase "${seed.phaseKey}" has 1 submission, so it cannot be deleted; archive it instead.`,
    });
    await archiveTaskPart(remove("phase", seed.phaseKey), p.ctx);

    expect((await overview())!.phases).toEqual([]);
    await expect(
      getLeaderboard({ slug: seed.slug, phaseKey: seed.phaseKey, subtaskKey: seed.subtaskKey, viewerId: null }, p.ctx),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(submit()).rejects.toMatchObject({
      code: "CONFLICT",
      message: `The phase "${seed.phaseKey}" is archived: it takes no new submissions.`,
    });
    expect(await p.ctx.db.submission.count({ where: { phase: { key: seed.phaseKey } } })).toBe(1);

    const manifest = validateTaskBundle(await buildTaskBundle({ userId: seed.organiserId, slug: seed.slug }, p.ctx));
    expect(manifest.phases.map((ph) => [ph.key, ph.archivedAt])).toEqual([[seed.phaseKey, p.ctx.now().toISOString()]]);
    const audit = await listAuditLog({ userId: seed.organiserId, slug: seed.slug }, p.ctx);
    expect(audit.find((e) => e.action === "phase.archive")?.details).toEqual({ key: seed.phaseKey, name: "Test", submissions: 1 });
    await expect(archiveTaskPart(remove("phase", seed.phaseKey), p.ctx)).rejects.toMatchObject({ code: "CONFLICT" });
  });
});
