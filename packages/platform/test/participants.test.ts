// Participants: registration approval with terms, ban, disqualification (off every board, reason
// in the audit log), baselines marked from the console, file download and submission filters.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createSubmission,
  createTeam,
  createUser,
  downloadSubmissionFile,
  getLeaderboard,
  listAuditLog,
  listTaskSubmissions,
  listTaskTeams,
  moderateTeam,
  setBaseline,
  updateParticipationRules,
} from "../src/index.ts";
import {
  createTestPlatform,
  fixture,
  fixtureText,
  scoreStoredSubmission,
  seedTask,
  type SeededTask,
  type TestPlatform,
} from "../src/testing/index.ts";

let p: TestPlatform;
let seed: SeededTask;
let newcomerId: string;
let newTeamId: string;
let tariqRun: string;

const submit = async (userId: string, file: "pred-good.tsv" | "pred-perfect.tsv") => {
  const created = await createSubmission(
    { userId, slug: seed.slug, subtaskKey: seed.subtaskKey, phaseKey: seed.phaseKey, fileName: file, content: fixture(file) },
    p.ctx,
  );
  await scoreStoredSubmission(p.ctx.db, created.id);
  return created.id;
};
const boardTeams = async () =>
  (await getLeaderboard({ slug: seed.slug, phaseKey: seed.phaseKey, subtaskKey: seed.subtaskKey, viewerId: null }, p.ctx)).rows.map((r) => [
    r.teamName,
    r.rank,
  ]);

beforeAll(async () => {
  p = await createTestPlatform();
  seed = await seedTask(p.ctx);
  tariqRun = await submit(seed.memberId, "pred-good.tsv");
  newcomerId = (await createUser({ name: "Nina Newcomer", email: "nina@part.test", password: "participant-pass" }, p.ctx)).id;
});
afterAll(async () => {
  await p?.cleanup();
});

describe("registration approval and terms", () => {
  it("makes new teams accept the terms and wait for approval before submitting", async () => {
    await updateParticipationRules(
      { userId: seed.organiserId, slug: seed.slug, requiresApproval: true, terms: "Publish a system description paper." },
      p.ctx,
    );
    await expect(createTeam({ userId: newcomerId, slug: seed.slug, name: "Late team" }, p.ctx)).rejects.toMatchObject({
      code: "INVALID_INPUT",
      message: expect.stringContaining("terms"),
    });
    newTeamId = (await createTeam({ userId: newcomerId, slug: seed.slug, name: "Late team", acceptTerms: true }, p.ctx)).id;
    await expect(submit(newcomerId, "pred-perfect.tsv")).rejects.toMatchObject({
      code: "TEAM_NOT_ALLOWED",
      message: expect.stringContaining("approval"),
    });
    const { teams } = await listTaskTeams({ userId: seed.organiserId, slug: seed.slug }, p.ctx);
    expect(teams.find((t) => t.id === newTeamId)).toMatchObject({ termsAccepted: true, approved: false });
    await expect(
      moderateTeam({ userId: seed.memberId, slug: seed.slug, teamId: newTeamId, action: "approve" }, p.ctx),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    await moderateTeam({ userId: seed.organiserId, slug: seed.slug, teamId: newTeamId, action: "approve" }, p.ctx);
    await submit(newcomerId, "pred-perfect.tsv");
    expect(await boardTeams()).toEqual([
      ["Late team", 1],
      ["Team Tariq", 2],
    ]);
  });
});

describe("ban and disqualification", () => {
  it("a ban stops submissions and needs a reason", async () => {
    await expect(moderateTeam({ userId: seed.organiserId, slug: seed.slug, teamId: seed.teamId, action: "ban" }, p.ctx)).rejects.toThrow(
      /reason/,
    );
    await moderateTeam({ userId: seed.organiserId, slug: seed.slug, teamId: seed.teamId, action: "ban", reason: "Shared accounts" }, p.ctx);
    await expect(submit(seed.memberId, "pred-perfect.tsv")).rejects.toMatchObject({
      code: "TEAM_NOT_ALLOWED",
      message: expect.stringContaining("banned"),
    });
    await moderateTeam({ userId: seed.organiserId, slug: seed.slug, teamId: seed.teamId, action: "unban" }, p.ctx);
  });

  it("disqualification hides the team from the board at once, with the reason in the audit log", async () => {
    await moderateTeam(
      { userId: seed.organiserId, slug: seed.slug, teamId: newTeamId, action: "disqualify", reason: "Trained on the test set" },
      p.ctx,
    );
    expect(await boardTeams()).toEqual([["Team Tariq", 1]]);
    const entry = (await listAuditLog({ slug: seed.slug, userId: seed.organiserId }, p.ctx)).find((e) => e.action === "team.disqualify");
    expect(entry?.details).toMatchObject({
      team: "Late team",
      reason: "Trained on the test set",
      before: { disqualified: false },
      after: { disqualified: true },
    });
    expect(entry).toMatchObject({
      targetName: "team Late team",
      readable: {
        changes: [{ field: "disqualified", before: "no", after: "yes" }],
        notes: expect.arrayContaining([{ key: "reason", value: "Trained on the test set" }]),
      },
    });
    await moderateTeam({ userId: seed.organiserId, slug: seed.slug, teamId: newTeamId, action: "reinstate" }, p.ctx);
    expect((await boardTeams()).map(([team]) => team)).toEqual(["Late team", "Team Tariq"]);
  });
});

describe("baselines, downloads and filters", () => {
  it("marks a submission as a baseline: an unranked row", async () => {
    await setBaseline(
      { userId: seed.organiserId, slug: seed.slug, submissionId: tariqRun, isBaseline: true, label: "Majority baseline" },
      p.ctx,
    );
    expect(await boardTeams()).toEqual([
      ["Late team", 1],
      ["Majority baseline", null],
    ]);
    await setBaseline({ userId: seed.organiserId, slug: seed.slug, submissionId: tariqRun, isBaseline: false }, p.ctx);
    expect((await boardTeams()).map(([, rank]) => rank)).toEqual([1, 2]);
  });

  it("lets organisers, and only them, download any file byte for byte", async () => {
    const file = await downloadSubmissionFile({ userId: seed.organiserId, submissionId: tariqRun }, p.ctx);
    expect(file.fileName).toBe("pred-good.tsv");
    expect(new TextDecoder().decode(file.content)).toBe(fixtureText("pred-good.tsv"));
    await expect(downloadSubmissionFile({ userId: seed.memberId, submissionId: tariqRun }, p.ctx)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  it("filters the submissions list by team, status and subtask", async () => {
    const list = (filters: Record<string, string>) => listTaskSubmissions({ userId: seed.organiserId, slug: seed.slug, ...filters }, p.ctx);
    expect((await list({ teamId: seed.teamId })).map((r) => r.id)).toEqual([tariqRun]);
    expect(await list({ status: "FAILED" })).toEqual([]);
    expect(await list({ status: "SCORED" })).toHaveLength(2);
    expect(await list({ subtaskKey: "nope" })).toEqual([]);
    expect(await list({ subtaskKey: seed.subtaskKey })).toHaveLength(2);
  });
});
