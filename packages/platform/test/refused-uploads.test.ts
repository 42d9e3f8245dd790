// Refused uploads are listed for the task's organisers (who, when, subtask and phase, the first
// problem), never with the file, for predictions, gold and taxonomy files; only the newest
// REFUSED_UPLOADS_KEPT of a task are kept.
import { Prisma } from "@hierboard/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSubmission, listRefusedUploads, REFUSED_UPLOADS_KEPT, uploadGold, uploadTaxonomy } from "../src/index.ts";
import { createTestPlatform, fixture, fixtureText, seedTask, type SeededTask, type TestPlatform } from "../src/testing/index.ts";

let p: TestPlatform;
let seed: SeededTask;
const NOW = new Date("2030-01-10T00:00:00Z");
const encoder = new TextEncoder();

beforeAll(async () => {
  p = await createTestPlatform({ now: NOW });
  seed = await seedTask(p.ctx, { startsAt: new Date("2030-01-01T00:00:00Z"), endsAt: new Date("2030-02-01T00:00:00Z") });
});
afterAll(async () => {
  await p?.cleanup();
});

const submit = (fileName: string, text: string) =>
  createSubmission(
    {
      userId: seed.memberId,
      slug: seed.slug,
      subtaskKey: seed.subtaskKey,
      phaseKey: seed.phaseKey,
      fileName,
      content: encoder.encode(text),
    },
    p.ctx,
  );
const list = (userId = seed.organiserId) => listRefusedUploads({ userId, slug: seed.slug }, p.ctx);

describe("refused uploads", () => {
  it("records a team's refused prediction: who, when, subtask and phase, the first problem and how many", async () => {
    // Lines 2 and 3 name labels the taxonomy lacks.
    const [first, ...rest] = fixtureText("gold.tsv").trim().split("\n");
    const bad = [first, ...rest.map((line) => `${line.split("\t")[0]}\tNoSuchLabel`)].join("\n");
    await expect(submit("typo.tsv", bad)).rejects.toMatchObject({ code: "INVALID_FILE" });
    const { rows, kept, limit } = await list();
    expect([kept, limit]).toEqual([1, REFUSED_UPLOADS_KEPT]);
    expect(rows[0]).toMatchObject({
      kind: "PREDICTION",
      user: { name: "Tariq Team", email: `tariq@${seed.slug}.test` },
      team: "Team Tariq",
      subtaskKey: seed.subtaskKey,
      phaseKey: seed.phaseKey,
      fileName: "typo.tsv",
      problems: rest.length,
      createdAt: NOW,
    });
    expect(rows[0]!.problem).toMatch(/^typo\.tsv:2: .*"NoSuchLabel"/);
  });

  it("never keeps the file", () => {
    expect(Object.keys(Prisma.RefusedUploadScalarFieldEnum).sort()).toEqual(
      ["createdAt", "fileName", "id", "kind", "phaseKey", "problem", "problems", "subtaskKey", "taskId", "userId"].sort(),
    );
  });

  it("records refused gold and taxonomy files with the organiser who sent them", async () => {
    await expect(
      uploadGold(
        {
          userId: seed.organiserId,
          slug: seed.slug,
          phaseKey: seed.phaseKey,
          fileName: "gold-semicolons.tsv",
          content: encoder.encode("d1;Cats\nd2;Birds\n"),
        },
        p.ctx,
      ),
    ).rejects.toMatchObject({ code: "INVALID_FILE" });
    await expect(
      uploadTaxonomy({ userId: seed.organiserId, slug: seed.slug, fileName: "cycle.tsv", content: fixture("taxonomy-cycle.tsv") }, p.ctx),
    ).rejects.toMatchObject({ code: "INVALID_FILE" });
    const { rows } = await list();
    expect(rows.slice(0, 2).map((r) => [r.kind, r.fileName, r.phaseKey, r.subtaskKey, r.user?.email])).toEqual([
      ["TAXONOMY", "cycle.tsv", null, null, `olga@${seed.slug}.test`],
      ["GOLD", "gold-semicolons.tsv", seed.phaseKey, null, `olga@${seed.slug}.test`],
    ]);
    expect(rows[1]!.problem).toMatch(/^gold-semicolons\.tsv:1: expected tabs between fields, got fields separated by ';'/);
  });

  it("does not record accepted files, nor refusals that are not about the file", async () => {
    const before = (await list()).kept;
    await submit("good.tsv", fixtureText("pred-good.tsv"));
    await expect(
      createSubmission(
        {
          userId: seed.memberId,
          slug: seed.slug,
          subtaskKey: "nope",
          phaseKey: seed.phaseKey,
          fileName: "x.tsv",
          content: encoder.encode("d1\tCats\n"),
        },
        p.ctx,
      ),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await list()).kept).toBe(before);
  });

  it("is for the task's organisers only", async () => {
    await expect(list(seed.memberId)).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(list(seed.outsiderId)).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it(`keeps only the newest ${REFUSED_UPLOADS_KEPT} of a task: one client cannot grow the table without bound`, async () => {
    const task = await p.ctx.db.task.findUniqueOrThrow({ where: { slug: seed.slug } });
    const old = (i: number) => new Date(NOW.getTime() - (REFUSED_UPLOADS_KEPT + 10 - i) * 60_000);
    await p.ctx.db.refusedUpload.createMany({
      data: Array.from({ length: REFUSED_UPLOADS_KEPT + 10 }, (_, i) => ({
        taskId: task.id,
        userId: seed.memberId,
        kind: "PREDICTION" as const,
        fileName: `old-${i}.tsv`,
        problem: "old",
        problems: 1,
        createdAt: old(i),
      })),
    });
    await expect(submit("newest.tsv", "d1\tNoSuchLabel\n")).rejects.toMatchObject({ code: "INVALID_FILE" });
    const { rows, kept } = await list();
    expect(kept).toBe(REFUSED_UPLOADS_KEPT);
    expect(rows[0]!.fileName).toBe("newest.tsv");
    const names = new Set(
      (await p.ctx.db.refusedUpload.findMany({ where: { taskId: task.id }, select: { fileName: true } })).map((r) => r.fileName),
    );
    // The oldest went (the first seeded rows), the newer ones stayed.
    expect(names.has("old-0.tsv")).toBe(false);
    expect(names.has(`old-${REFUSED_UPLOADS_KEPT + 9}.tsv`)).toBe(true);
  });
});
