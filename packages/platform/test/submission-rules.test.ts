// Every way an upload can be refused, against the real Postgres (fresh database) and Redis.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, createSubmission, httpStatusFor, joinTeamByCode } from "../src/index.ts";
import { createTestPlatform, fixture, seedTask, type SeededTask, type TestPlatform } from "../src/testing/index.ts";

let p: TestPlatform;
let seed: SeededTask;
const NOW = new Date("2026-11-22T10:00:00Z");

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

function submit(userId: string, name: Parameters<typeof fixture>[0] = "pred-good.tsv", content?: Uint8Array) {
  return createSubmission(
    { userId, slug: seed.slug, subtaskKey: seed.subtaskKey, phaseKey: seed.phaseKey, fileName: name, content: content ?? fixture(name) },
    p.ctx,
  );
}

async function countSubmissions(): Promise<number> {
  return p.ctx.db.submission.count();
}

beforeAll(async () => {
  p = await createTestPlatform({ now: NOW, maxUploadBytes: 1024 });
  seed = await seedTask(p.ctx, {
    dailyLimit: 2,
    totalLimit: 3,
    startsAt: new Date("2026-11-20T00:00:00Z"),
    endsAt: new Date("2026-11-25T00:00:00Z"),
  });
});
afterAll(async () => {
  await p?.cleanup();
});

describe("createSubmission rejections", () => {
  it("refuses a file with an unknown label, naming file and line, and stores nothing", async () => {
    const error = await rejection(submit(seed.memberId, "pred-unknown-label.tsv"));
    expect(error.code).toBe("INVALID_FILE");
    expect(httpStatusFor(error)).toBe(422);
    expect(error.message).toMatch(/^pred-unknown-label\.tsv:3: .*Unicorns/);
    expect(error.details).toMatchObject({ issues: [{ file: "pred-unknown-label.tsv", line: 3, code: "UNKNOWN_LABEL" }] });
    expect(await countSubmissions()).toBe(0);
  });

  it("refuses a line over the subtask's labels-per-document limit, naming the line, the limit and the count, and stores nothing", async () => {
    await p.ctx.db.subtask.updateMany({ where: { key: seed.subtaskKey, task: { slug: seed.slug } }, data: { maxLabelsPerDocument: 1 } });
    try {
      const error = await rejection(submit(seed.memberId, "pred-good.tsv"));
      expect(error.code).toBe("INVALID_FILE");
      expect(httpStatusFor(error)).toBe(422);
      expect(error.message).toBe('pred-good.tsv:4: expected at most 1 labels per document (the task\'s limit), got 2 on document "d4"');
      expect(error.details).toMatchObject({ issues: [{ file: "pred-good.tsv", line: 4, code: "TOO_MANY_LABELS" }] });
      expect(await countSubmissions()).toBe(0);
    } finally {
      await p.ctx.db.subtask.updateMany({
        where: { key: seed.subtaskKey, task: { slug: seed.slug } },
        data: { maxLabelsPerDocument: 1000 },
      });
    }
  });

  it("refuses a document id that is not in the gold file", async () => {
    const error = await rejection(submit(seed.memberId, "pred-unknown-id.tsv"));
    expect(error.code).toBe("INVALID_FILE");
    // Every problem at once: the foreign id, and the gold documents the file lacks (counted, not named).
    expect(error.details).toMatchObject({ issues: [{ line: 2, code: "ID_NOT_IN_GOLD" }, { code: "MISSING_DOCUMENTS" }] });
    expect(await countSubmissions()).toBe(0);
  });

  it("refuses a file over the size limit with 413", async () => {
    const big = new Uint8Array(2048).fill(0x61);
    const error = await rejection(submit(seed.memberId, "pred-good.tsv", big));
    expect(error.code).toBe("FILE_TOO_LARGE");
    expect(httpStatusFor(error)).toBe(413);
  });

  it("refuses someone who is not in a team of the task", async () => {
    const error = await rejection(submit(seed.outsiderId));
    expect(error.code).toBe("NOT_A_MEMBER");
    expect(httpStatusFor(error)).toBe(403);
    expect(await countSubmissions()).toBe(0);
  });

  it("refuses uploads before the phase opens and from the instant it closes (UTC)", async () => {
    p.setNow(new Date("2026-11-19T23:59:59Z"));
    expect((await rejection(submit(seed.memberId))).code).toBe("PHASE_CLOSED");
    p.setNow(new Date("2026-11-25T00:00:00Z"));
    const error = await rejection(submit(seed.memberId));
    expect(error.code).toBe("PHASE_CLOSED");
    expect(error.message).toContain("closed at 2026-11-25 00:00 UTC");
    p.setNow(NOW);
    expect(await countSubmissions()).toBe(0);
  });

  it("accepts valid files until the daily limit, counting per UTC day, then the total limit", async () => {
    const first = await submit(seed.memberId);
    expect(first.status).toBe("QUEUED");
    expect(p.enqueued).toEqual([first.id]);
    await submit(seed.memberId);
    const daily = await rejection(submit(seed.memberId));
    expect(daily.code).toBe("SUBMISSION_LIMIT_REACHED");
    expect(httpStatusFor(daily)).toBe(429);
    expect(daily.details).toMatchObject({ limit: "daily", max: 2, used: 2, resetsAt: "2026-11-23T00:00:00.000Z" });

    // An invalid file does not use a slot on the next day either.
    p.setNow(new Date("2026-11-23T00:00:01Z"));
    await rejection(submit(seed.memberId, "pred-unknown-label.tsv"));
    await submit(seed.memberId);
    const total = await rejection(submit(seed.memberId));
    expect(total.details).toMatchObject({ limit: "total", max: 3, used: 3 });
    expect(await countSubmissions()).toBe(3);
    p.setNow(NOW);
  });

  it("a failed scoring does not count against the limits", async () => {
    await p.ctx.db.submission.updateMany({ where: {}, data: { status: "FAILED" } });
    p.setNow(new Date("2026-11-24T08:00:00Z"));
    const accepted = await submit(seed.memberId);
    expect(accepted.status).toBe("QUEUED");
    p.setNow(NOW);
  });
});

describe("limits under concurrency", () => {
  it("lets exactly one of many simultaneous uploads take the last slot", async () => {
    const other = await seedTask(p.ctx, { slug: "race", dailyLimit: 1, totalLimit: null });
    const friend = await p.ctx.db.user.create({ data: { name: "Fay", email: "fay@race.test", passwordHash: "x" } });
    await joinTeamByCode({ userId: friend.id, slug: "race", code: other.inviteCode }, p.ctx);
    const attempts = Array.from({ length: 8 }, (_, i) =>
      createSubmission(
        {
          userId: i % 2 ? friend.id : other.memberId,
          slug: "race",
          subtaskKey: other.subtaskKey,
          phaseKey: other.phaseKey,
          fileName: "pred-good.tsv",
          content: fixture("pred-good.tsv"),
        },
        p.ctx,
      ).then(
        () => "ok",
        (e: AppError) => e.code,
      ),
    );
    const outcomes = await Promise.all(attempts);
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(1);
    expect(outcomes.filter((o) => o === "SUBMISSION_LIMIT_REACHED")).toHaveLength(7);
    expect(await p.ctx.db.submission.count({ where: { teamId: other.teamId } })).toBe(1);
  });
});
