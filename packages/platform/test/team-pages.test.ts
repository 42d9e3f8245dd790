// Public team pages and system descriptions against real Postgres: what the page shows (and never
// shows), the board's visibility rules on it, the deadline for descriptions, and the fields' checks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  createSubmission,
  createTeam,
  createUser,
  getTeamPage,
  moderateTeam,
  paperUrlProblem,
  publishResults,
  setTaskStatus,
  updatePhase,
  updateRunDescription,
  updateTeamDescription,
} from "../src/index.ts";
import { publicDisplayName } from "../src/users/public-display-name.ts";
import {
  createTestPlatform,
  scoreStoredSubmission,
  seedTask,
  type SeededTask,
  type TestPlatform,
  submitAsMember,
} from "../src/testing/index.ts";

let p: TestPlatform;
let seed: SeededTask;
const NOW = new Date("2026-11-22T10:00:00Z");
const text = (s: string) => new TextEncoder().encode(s);
const GOOD = "d1\tCats\nd2\tMammals\nd3\tTrees\nd4\tDogs\tBirds\nd5\tAnimals\n";
const PERFECT = "d1\tCats\nd2\tBirds\nd3\tTrees\tFlowers\nd4\tDogs\nd5\tAnimals\n";

let runId: string;
let adaTeamId: string;
let adaId: string;

const page = (viewerId: string | null = null, teamId = seed.teamId) => getTeamPage({ slug: seed.slug, teamId, viewerId }, p.ctx);
const code = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return error instanceof AppError ? error.code : error;
};
const phaseSettings = {
  key: "test",
  name: "Test",
  startsAt: new Date("2026-11-20T00:00:00Z"),
  endsAt: new Date("2026-11-25T00:00:00Z"),
};
const setPhase = (settings: Record<string, unknown>) =>
  updatePhase({ userId: seed.organiserId, slug: seed.slug, phaseKey: "test", ...phaseSettings, ...settings }, p.ctx);

beforeAll(async () => {
  p = await createTestPlatform({ now: NOW });
  seed = await seedTask(p.ctx, { startsAt: phaseSettings.startsAt, endsAt: phaseSettings.endsAt });
  // A sign-in provider without a display name gives the address as the name.
  const second = await createUser({ name: "second.member@zoo.test", email: "second.member@zoo.test", password: "participant-pass" }, p.ctx);
  await p.ctx.db.membership.create({ data: { teamId: seed.teamId, userId: second.id, taskId: (await task()).id } });
  const created = await submitAsMember(p.ctx, seed, "cnn.tsv", text(PERFECT));
  await scoreStoredSubmission(p.ctx.db, created.id);
  runId = created.id;
  const ada = await createUser({ name: "Ada", email: "ada@zoo.test", password: "participant-pass" }, p.ctx);
  adaId = ada.id;
  adaTeamId = (await createTeam({ userId: ada.id, slug: seed.slug, name: "Team Ada" }, p.ctx)).id;
  const adaRun = await createSubmission(
    { userId: ada.id, slug: seed.slug, subtaskKey: seed.subtaskKey, phaseKey: seed.phaseKey, fileName: "ada.tsv", content: text(GOOD) },
    p.ctx,
  );
  await scoreStoredSubmission(p.ctx.db, adaRun.id);
});
afterAll(async () => {
  await p?.cleanup();
});

const task = () => p.ctx.db.task.findUniqueOrThrow({ where: { slug: seed.slug } });

describe("the team page", () => {
  it("shows the name, the members' display names, and the counted run with its rank and score", async () => {
    const shown = await page();
    expect(shown.team.name).toBe("Team Tariq");
    expect(shown.members).toEqual(["Tariq Team", "second.member"]);
    const board = shown.phases[0]!.boards[0]!;
    expect(board.hiddenBy).toBeNull();
    expect(board.runs).toHaveLength(1);
    expect(board.runs[0]).toMatchObject({ submissionId: runId, fileName: "cnn.tsv", rank: 1 });
    expect(board.runs[0]!.primary.value).toBeCloseTo(1, 9);
    expect(shown.viewer.isMember).toBe(false);
  });

  it("never holds an e-mail address, for anyone", async () => {
    for (const viewer of [null, seed.memberId, seed.organiserId]) {
      const json = JSON.stringify(await page(viewer));
      expect(json).not.toMatch(/@zoo\.test/);
      expect(json).not.toContain("@");
    }
  });

  it("cuts an address inside a display name to the part before the @", () => {
    expect(publicDisplayName("ada@example.org")).toBe("ada");
    expect(publicDisplayName("Ada <ada@example.org>")).toBe("Ada <ada>");
    expect(publicDisplayName("Ada Lovelace")).toBe("Ada Lovelace");
    expect(publicDisplayName("@")).toBe("@");
  });

  it("is not found for another task's team, an unknown team and a draft task", async () => {
    expect(await code(page(null, "no-such-team"))).toBe("NOT_FOUND");
    const other = await seedTask(p.ctx, { slug: "other" });
    expect(await code(getTeamPage({ slug: seed.slug, teamId: other.teamId, viewerId: null }, p.ctx))).toBe("NOT_FOUND");
    await setTaskStatus({ userId: other.organiserId, slug: "other", status: "DRAFT" }, p.ctx);
    expect(await code(getTeamPage({ slug: "other", teamId: other.teamId, viewerId: null }, p.ctx))).toBe("NOT_FOUND");
    expect(await code(getTeamPage({ slug: "other", teamId: other.teamId, viewerId: other.outsiderId }, p.ctx))).toBe("NOT_FOUND");
    expect((await getTeamPage({ slug: "other", teamId: other.teamId, viewerId: other.organiserId }, p.ctx)).team.name).toBe("Team Tariq");
  });

  it("hides a private phase's runs until it ends, except from the team itself", async () => {
    await setPhase({ visibility: "PRIVATE" });
    try {
      const outside = (await page(seed.outsiderId)).phases[0]!.boards[0]!;
      expect(outside).toMatchObject({ hiddenBy: "PRIVATE", runs: [] });
      const own = (await page(seed.memberId)).phases[0]!.boards[0]!;
      expect(own.runs.map((r) => [r.submissionId, r.rank])).toEqual([[runId, null]]);
    } finally {
      await setPhase({ visibility: "PUBLIC" });
    }
  });

  it("shows no score of a blind phase to anyone outside the organisers until its results are published", async () => {
    await setPhase({ blind: true });
    try {
      for (const viewer of [null, seed.memberId]) {
        const board = (await page(viewer)).phases[0]!.boards[0]!;
        expect(board).toMatchObject({ hiddenBy: "BLIND", runs: [] });
      }
      // The phase must be over to publish its results.
      p.setNow(new Date("2026-11-26T00:00:00Z"));
      await publishResults({ userId: seed.organiserId, slug: seed.slug, phaseKey: "test" }, p.ctx);
      expect((await page()).phases[0]!.boards[0]!.runs.map((r) => r.rank)).toEqual([1]);
    } finally {
      p.setNow(NOW);
      await p.ctx.db.phase.updateMany({
        where: { key: "test", task: { slug: seed.slug } },
        data: { blind: false, resultsPublishedAt: null },
      });
    }
  });

  it("has no public page for a disqualified team or one waiting for approval; its members and organisers still see it", async () => {
    await moderateTeam(
      { userId: seed.organiserId, slug: seed.slug, teamId: adaTeamId, action: "disqualify", reason: "shared gold" },
      p.ctx,
    );
    expect(await code(page(null, adaTeamId))).toBe("NOT_FOUND");
    expect((await page(adaId, adaTeamId)).phases[0]!.boards[0]!.runs).toEqual([]);
    expect((await page(seed.organiserId, adaTeamId)).team.name).toBe("Team Ada");
    await moderateTeam({ userId: seed.organiserId, slug: seed.slug, teamId: adaTeamId, action: "reinstate" }, p.ctx);
    expect((await page(null, adaTeamId)).phases[0]!.boards[0]!.runs.map((r) => r.rank)).toEqual([2]);

    await p.ctx.db.task.update({ where: { slug: seed.slug }, data: { requiresApproval: true } });
    await p.ctx.db.team.update({ where: { id: adaTeamId }, data: { approvedAt: null } });
    try {
      expect(await code(page(seed.outsiderId, adaTeamId))).toBe("NOT_FOUND");
      expect((await page(adaId, adaTeamId)).viewer.isMember).toBe(true);
    } finally {
      await p.ctx.db.task.update({ where: { slug: seed.slug }, data: { requiresApproval: false } });
    }
  });
});

describe("system descriptions", () => {
  const fields = {
    systemName: "BOHB_CNN",
    systemDescription: "A CNN tuned with BOHB.\nTwo layers.",
    paperUrl: "https://aclanthology.org/x",
  };

  it("are set by a member, per team and per run, and shown on the page", async () => {
    await updateTeamDescription({ userId: seed.memberId, slug: seed.slug, ...fields }, p.ctx);
    await updateRunDescription({ userId: seed.memberId, slug: seed.slug, submissionId: runId, systemName: "BOHB_CNN run 1" }, p.ctx);
    const shown = await page();
    expect(shown.team).toMatchObject(fields);
    expect(shown.phases[0]!.boards[0]!.runs[0]).toMatchObject({ systemName: "BOHB_CNN run 1", systemDescription: "", paperUrl: "" });
  });

  it("take a browser's CRLF line breaks as LF, and refuse other control characters", async () => {
    await updateTeamDescription({ userId: seed.memberId, slug: seed.slug, systemDescription: "One.\r\nTwo.\rThree." }, p.ctx);
    expect((await page()).team.systemDescription).toBe("One.\nTwo.\nThree.");
    const bell = updateTeamDescription({ userId: seed.memberId, slug: seed.slug, systemDescription: "ding\u0007" }, p.ctx);
    await expect(bell).rejects.toMatchObject({ issues: [{ message: "expected the description without control characters" }] });
  });

  it("keep markup as text: stored as typed, never rewritten", async () => {
    const xss = '<script>alert(1)</script><img src=x onerror="alert(2)">';
    await updateTeamDescription({ userId: seed.memberId, slug: seed.slug, systemDescription: xss }, p.ctx);
    expect((await page()).team.systemDescription).toBe(xss);
  });

  it("refuse anyone outside the team", async () => {
    expect(await code(updateTeamDescription({ userId: seed.outsiderId, slug: seed.slug, systemName: "Mine" }, p.ctx))).toBe("NOT_A_MEMBER");
    expect(await code(updateRunDescription({ userId: adaId, slug: seed.slug, submissionId: runId, systemName: "Mine" }, p.ctx))).toBe(
      "NOT_FOUND",
    );
    expect(await code(updateRunDescription({ userId: seed.memberId, slug: "other", submissionId: runId, systemName: "x" }, p.ctx))).toBe(
      "NOT_FOUND",
    );
  });

  it("close at the phase's deadline (UTC), for the run and the team, and say when", async () => {
    await setPhase({ descriptionsCloseAt: new Date("2026-11-22T09:00:00Z") });
    try {
      const run = updateRunDescription({ userId: seed.memberId, slug: seed.slug, submissionId: runId, systemName: "late" }, p.ctx);
      await expect(run).rejects.toMatchObject({
        code: "DESCRIPTIONS_CLOSED",
        message: expect.stringContaining("closed at 2026-11-22 09:00 UTC"),
      });
      const team = updateTeamDescription({ userId: seed.memberId, slug: seed.slug, systemName: "late" }, p.ctx);
      await expect(team).rejects.toMatchObject({ code: "DESCRIPTIONS_CLOSED" });
      const shown = await page(seed.memberId);
      expect(shown.descriptions).toEqual({ open: false, closesAt: new Date("2026-11-22T09:00:00Z") });
      expect(shown.phases[0]!.descriptionsOpen).toBe(false);
      expect(shown.phases[0]!.boards[0]!.runs[0]!.systemName).toBe("BOHB_CNN run 1");
      // One minute before the deadline it is still open.
      p.setNow(new Date("2026-11-22T08:59:00Z"));
      await updateRunDescription({ userId: seed.memberId, slug: seed.slug, submissionId: runId, systemName: "in time" }, p.ctx);
    } finally {
      p.setNow(NOW);
      await setPhase({ descriptionsCloseAt: null });
    }
  });

  it("refuse a javascript: link, other schemes, credentials, and overlong or multi-line fields, naming what was expected", async () => {
    const refused = async (input: Record<string, string>) => {
      const error = await updateTeamDescription({ userId: seed.memberId, slug: seed.slug, ...input }, p.ctx).catch((e: unknown) => e);
      return (error as { issues?: { path: PropertyKey[]; message: string }[] }).issues?.map((i) => `${i.path.join(".")}: ${i.message}`);
    };
    expect(await refused({ paperUrl: "javascript:alert(1)" })).toEqual([
      'paperUrl: expected an http:// or https:// address, found "javascript:"',
    ]);
    expect(await refused({ paperUrl: " JavaScript:alert(1)" })).toEqual([
      'paperUrl: expected an http:// or https:// address, found "javascript:"',
    ]);
    expect(await refused({ paperUrl: "data:text/html,<b>x</b>" })).toEqual([
      'paperUrl: expected an http:// or https:// address, found "data:"',
    ]);
    expect(await refused({ paperUrl: "/relative/path" })).toEqual([
      'paperUrl: expected an address such as https://aclanthology.org/…, found "/relative/path"',
    ]);
    expect(await refused({ paperUrl: "https://user:pw@example.org/" })).toEqual([
      "paperUrl: expected an address without a user name or password",
    ]);
    expect(await refused({ paperUrl: `https://example.org/${"a".repeat(500)}` })).toEqual([
      "paperUrl: expected at most 500 characters in the paper link",
    ]);
    expect(await refused({ systemName: "x".repeat(81) })).toEqual(["systemName: expected at most 80 characters in the system name"]);
    expect(await refused({ systemName: "two\nlines" })).toEqual([
      "systemName: expected the system name on one line, without control characters",
    ]);
    expect(await refused({ systemDescription: "y".repeat(4001) })).toEqual([
      "systemDescription: expected at most 4000 characters in the description",
    ]);
    expect(paperUrlProblem("http://example.org/paper.pdf")).toBeNull();
    // Nothing was stored by the refused calls.
    expect((await page()).team.paperUrl).toBe("https://aclanthology.org/x");
  });
});
