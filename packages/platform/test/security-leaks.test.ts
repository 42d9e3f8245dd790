// Information leaks (docs/security.md): the gold file's hash before the phase ends, gold ids in
// warnings shown to teams, and a NUL byte in ids or names answered with a server error.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  appErrorFrom,
  computeScores,
  getSubmission,
  getTaskOverview,
  getTeamArea,
  httpStatusFor,
  loadScoringSetup,
  parsePrediction,
} from "../src/index.ts";
import {
  createTestPlatform,
  fixtureText,
  seedTask,
  storeScores,
  type SeededTask,
  type TestPlatform,
  submitAsMember,
} from "../src/testing/index.ts";

let p: TestPlatform;
let seed: SeededTask;
const NOW = new Date("2030-01-10T00:00:00Z");
const END = new Date("2030-02-01T00:00:00Z");
const encoder = new TextEncoder();
let goldIds: string[];
let goldHash: string;

beforeAll(async () => {
  p = await createTestPlatform({ now: NOW });
  seed = await seedTask(p.ctx, { startsAt: new Date("2030-01-01T00:00:00Z"), endsAt: END });
  // Partial files are refused by default; these tests are about the warning of one accepted as empty predictions.
  await p.ctx.db.subtask.updateMany({ where: { task: { slug: seed.slug } }, data: { missingDocuments: "empty" } });
  goldIds = fixtureText("gold.tsv")
    .trim()
    .split("\n")
    .map((line) => line.split("\t")[0]!);
  goldHash = (await p.ctx.db.goldVersion.findFirstOrThrow({ where: { phase: { key: seed.phaseKey } }, orderBy: { version: "desc" } }))
    .contentHash;
});
afterAll(async () => {
  await p?.cleanup();
});

/** A prediction for the first gold document only: the other ids are gold-only. */
const partial = () => `${fixtureText("gold.tsv").trim().split("\n")[0]}\n`;

describe("warnings shown to teams never name gold-only ids", () => {
  it("on upload and in the stored score set, with the count of missing documents", async () => {
    const created = await submitAsMember(p.ctx, seed, "partial.tsv", encoder.encode(partial()));
    const hidden = goldIds.slice(1);
    expect(created.warnings.join("\n")).toContain(`no prediction for ${hidden.length} of ${goldIds.length} gold documents`);
    for (const id of hidden) expect(created.warnings.join("\n")).not.toContain(id);

    const submission = await p.ctx.db.submission.findUniqueOrThrow({ where: { id: created.id } });
    const setup = await loadScoringSetup(p.ctx.db, { subtaskId: submission.subtaskId, phaseId: submission.phaseId });
    const scored = computeScores(setup, parsePrediction(setup, encoder.encode(partial()), "partial.tsv"));
    expect(scored.warnings.join("\n")).toContain(`${hidden.length} of ${goldIds.length} gold documents`);
    for (const id of hidden) expect(scored.warnings.join("\n")).not.toContain(id);
  });
});

describe("the gold file's hash", () => {
  it("is shown to organisers only until the phase ends, then to everyone who may read the report", async () => {
    const created = await submitAsMember(p.ctx, seed, "good.tsv", encoder.encode(fixtureText("pred-good.tsv")));
    await storeScores(p.ctx.db, created.id, []);
    await p.ctx.db.scoreSet.updateMany({ where: { submissionId: created.id }, data: { goldHash } });

    expect((await getSubmission({ id: created.id, viewerId: seed.memberId }, p.ctx)).report?.goldHash).toBeNull();
    expect((await getSubmission({ id: created.id, viewerId: seed.organiserId }, p.ctx)).report?.goldHash).toBe(goldHash);
    expect((await getTaskOverview({ slug: seed.slug, viewerId: seed.memberId }, p.ctx))?.phases[0]?.gold?.contentHash).toBeNull();
    expect((await getTeamArea({ slug: seed.slug, userId: seed.memberId }, p.ctx))?.phases[0]?.gold?.contentHash).toBeNull();

    p.setNow(END);
    expect((await getSubmission({ id: created.id, viewerId: seed.memberId }, p.ctx)).report?.goldHash).toBe(goldHash);
    expect((await getTaskOverview({ slug: seed.slug, viewerId: seed.memberId }, p.ctx))?.phases[0]?.gold?.contentHash).toBe(goldHash);
    p.setNow(NOW);
  });
});

describe("a NUL byte is the caller's error (400), not a server error", () => {
  it("in a submission id", async () => {
    const error = await getSubmission({ id: "abc\u0000def", viewerId: seed.memberId }, p.ctx).catch((e: unknown) => e);
    const mapped = appErrorFrom(error);
    expect(mapped?.code).toBe("BAD_REQUEST");
    expect(httpStatusFor(mapped!)).toBe(400);
  });

  it("in a file name, with nothing stored", async () => {
    const before = await p.ctx.db.submission.count();
    const error = await submitAsMember(p.ctx, seed, "evil\u0000.tsv", encoder.encode(fixtureText("pred-good.tsv"))).catch(
      (e: unknown) => e,
    );
    expect(appErrorFrom(error)).toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("NUL") });
    expect(await p.ctx.db.submission.count()).toBe(before);
  });

  it("leaves other errors alone (a real failure stays a 500)", () => {
    expect(appErrorFrom(new Error("connection refused"))).toBeNull();
  });
});
