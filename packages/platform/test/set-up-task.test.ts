// setUpTask, the one way the demo seed, the worker's benchmarks and tests set a task up: the whole
// task once, and nothing twice when run again (what a second `pnpm start` relies on).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, setUpTask, type TaskSetup } from "../src/index.ts";
import { createTestPlatform, fixture, type TestPlatform } from "../src/testing/index.ts";

let p: TestPlatform;
let spec: TaskSetup;

beforeAll(async () => {
  p = await createTestPlatform();
  const organiser = await createUser({ name: "Org", email: "org@setup.test", password: "kestrel-ledger-42", role: "ORGANISER" }, p.ctx);
  const member = await createUser({ name: "Mia", email: "mia@setup.test", password: "participant-pass" }, p.ctx);
  spec = {
    organiserId: organiser.id,
    slug: "setup",
    title: "Set-up task",
    taxonomy: { fileName: "taxonomy.tsv", content: fixture("taxonomy.tsv") },
    subtasks: [
      { key: "full", name: "Full", measuresShown: ["hc.f1"], primaryMeasure: "hc.f1" },
      { key: "flat", name: "Flat", measuresShown: ["flat.micro.f1"], primaryMeasure: "flat.micro.f1" },
    ],
    gold: { fileName: "gold.tsv", content: fixture("gold.tsv") },
    teams: [{ userId: member.id, name: "Team Mia" }],
  };
});
afterAll(async () => {
  await p?.cleanup();
});

describe("setUpTask", () => {
  it("creates a published task with its subtasks, an open default phase, the gold and the teams", async () => {
    const made = await setUpTask(spec, p.ctx);
    const task = await p.ctx.db.task.findUniqueOrThrow({
      where: { id: made.taskId },
      include: { subtasks: { orderBy: { key: "asc" } }, phases: true, teams: true },
    });
    expect(task.status).toBe("PUBLISHED");
    expect(task.subtasks.map((s) => [s.key, s.primaryMeasure])).toEqual([
      ["flat", "flat.micro.f1"],
      ["full", "hc.f1"],
    ]);
    expect(task.phases.map((ph) => ph.key)).toEqual(["test"]);
    const now = p.ctx.now().getTime();
    expect(task.phases[0]!.startsAt.getTime()).toBeLessThan(now);
    expect(task.phases[0]!.endsAt.getTime()).toBeGreaterThan(now);
    expect(made.phaseId).toBe(task.phases[0]!.id);
    expect(made.taxonomy.nodeCount).toBeGreaterThan(1);
    expect([...made.teamIds]).toEqual([["Team Mia", task.teams[0]!.id]]);
    expect(await p.ctx.db.goldVersion.count({ where: { phaseId: made.phaseId } })).toBe(1);
  });

  it("run again, adds nothing and answers the same ids", async () => {
    const counts = async () => ({
      taxonomies: await p.ctx.db.taxonomyVersion.count(),
      subtasks: await p.ctx.db.subtask.count(),
      phases: await p.ctx.db.phase.count(),
      golds: await p.ctx.db.goldVersion.count(),
      teams: await p.ctx.db.team.count(),
      audit: await p.ctx.db.auditLog.count(),
    });
    const before = await counts();
    const first = await p.ctx.db.task.findUniqueOrThrow({ where: { slug: "setup" }, select: { id: true } });
    const again = await setUpTask(spec, p.ctx);
    expect(again.taskId).toBe(first.id);
    expect(await counts()).toEqual(before);
  });
});
