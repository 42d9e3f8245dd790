// The demo task's Data & format tab: the sample submission of every subtask, in every format it
// accepts, passes validation and scores (the engine, as the worker runs it).
import { createUser, getTeamPage } from "@hierboard/platform";
import { checkSampleSubmissions, createTestPlatform, type TestPlatform } from "@hierboard/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo, DEMO_SLUG } from "../src/seed-demo.ts";

describe("demo task: sample submissions", () => {
  let platform: TestPlatform;

  beforeAll(async () => {
    platform = await createTestPlatform();
    const organiser = await createUser(
      { name: "Demo organiser", email: "organiser@demo-sample.test", password: "quiet-harbour-lantern-organiser", role: "ORGANISER" },
      platform.ctx,
    );
    await seedDemo(platform.ctx, organiser.id, () => {});
  });
  afterAll(async () => platform?.cleanup());

  it("every subtask's sample, in every accepted format, is accepted without warnings and scores", async () => {
    const checks = await checkSampleSubmissions(platform.ctx, DEMO_SLUG);
    const subtasks = await platform.ctx.db.subtask.count({ where: { task: { slug: DEMO_SLUG } } });
    expect(new Set(checks.map((c) => c.subtaskKey)).size).toBe(subtasks);
    expect(checks.map((c) => c.format).sort()).toEqual(["jsonl-labels", "jsonl-paths", "jsonl-scores", "tsv"]);
    for (const check of checks) {
      expect(check.warnings, check.fileName).toEqual([]);
      expect(check.documents, check.fileName).toBe(check.goldDocuments);
      expect(check.goldDocuments).toBe(2000);
      expect(check.primaryValue, check.fileName).toBeTypeOf("number");
      expect(check.undefinedShown, check.fileName).toEqual([]);
    }
  });

  it("every demo team describes its system on its public page, which shows no address; a second start keeps a team's edit", async () => {
    // The demo's own teams (the sample check above registers one more).
    const teams = await platform.ctx.db.team.findMany({
      where: { task: { slug: DEMO_SLUG }, memberships: { some: { user: { email: { endsWith: "@demo.hierboard.local" } } } } },
      select: { id: true, name: true },
    });
    expect(teams).toHaveLength(6);
    for (const team of teams) {
      const page = await getTeamPage({ slug: DEMO_SLUG, teamId: team.id, viewerId: null }, platform.ctx);
      expect(page.team.systemName, team.name).toMatch(new RegExp(`^${team.name}-`));
      expect(page.team.systemDescription.length, team.name).toBeGreaterThan(20);
      expect(page.members, team.name).toEqual([`${team.name} (demo)`]);
      expect(JSON.stringify(page), team.name).not.toContain("@");
    }
    await platform.ctx.db.team.update({ where: { id: teams[0]!.id }, data: { systemDescription: "Edited by the team." } });
    const organiser = await platform.ctx.db.user.findUniqueOrThrow({ where: { email: "organiser@demo-sample.test" } });
    await seedDemo(platform.ctx, organiser.id, () => {});
    const kept = await platform.ctx.db.team.findUniqueOrThrow({ where: { id: teams[0]!.id } });
    expect(kept.systemDescription).toBe("Edited by the team.");
  });

  it("splits the test set, 30 % public, so a newcomer sees a split", async () => {
    const phase = await platform.ctx.db.phase.findFirstOrThrow({ where: { task: { slug: DEMO_SLUG } } });
    expect(phase.publicFraction).toBe(0.3);
    expect(phase.splitKey).toMatch(/^[0-9a-f]{64}$/);
  });
});
