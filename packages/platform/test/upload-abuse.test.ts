// Uploads an attacker would try: padding that must be cut off before any decoding, blank-only
// files, more lines than the gold has documents, attempts past the account's rate limit, and a
// valid file exactly at the size limit (stored whole).
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, createSubmission, httpStatusFor } from "../src/index.ts";
import { createUploadLimiter } from "../src/access/upload-rate-limit.ts";
import { closeEnginePool } from "../src/scoring/engine/engine-pool.ts";
import { createTestPlatform, seedTask, type SeededTask, type TestPlatform } from "../src/testing/index.ts";

const LIMIT = 4 * 1024 * 1024;
let p: TestPlatform;
let seed: SeededTask;
const text = (s: string) => new TextEncoder().encode(s);
// gold (fixture): d1 Cats · d2 Birds · d3 Trees Flowers · d4 Dogs · d5 Animals
const GOOD = "d1\tCats\nd2\tMammals\nd3\tTrees\nd4\tDogs\tBirds\nd5\tAnimals\n";

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

const submit = (content: Uint8Array, userId = seed.memberId, fileName = "pred.tsv") =>
  createSubmission({ userId, slug: seed.slug, subtaskKey: seed.subtaskKey, phaseKey: seed.phaseKey, fileName, content }, p.ctx);

beforeAll(async () => {
  p = await createTestPlatform({ maxUploadBytes: LIMIT });
  seed = await seedTask(p.ctx);
});
afterAll(async () => {
  await closeEnginePool();
  await p?.cleanup();
});

describe("padded and empty files", () => {
  it("refuses newline padding with a bad label at the end by its blank lines, naming the first line over the budget", async () => {
    const padded = new Uint8Array(LIMIT - 100).fill(10);
    padded.set(text("d1\tUnicorns\n"), padded.length - 20);
    const error = await rejection(submit(padded));
    expect(error.code).toBe("INVALID_FILE");
    expect(httpStatusFor(error)).toBe(422);
    // 5 gold documents + a margin of 16: line 22 is the first blank line over the budget.
    expect(error.message).toBe("pred.tsv:22: expected at most 21 blank lines, got more");
    expect(error.details).toMatchObject({ issues: [{ code: "TOO_MANY_BLANK_LINES", file: "pred.tsv", line: 22 }] });
    expect(await p.ctx.db.submission.count()).toBe(0);
  });

  it("refuses more lines with content than the gold has documents plus the margin", async () => {
    const many = text(Array.from({ length: 1000 }, (_, i) => `x${i}\tCats`).join("\n"));
    const error = await rejection(submit(many));
    expect(error.message).toBe("pred.tsv:22: expected at most 21 lines with documents (the gold has fewer documents), got more");
    expect(error.details).toMatchObject({ issues: [{ code: "TOO_MANY_LINES", line: 22 }] });
  });

  it("refuses a file of only blank lines as having no documents", async () => {
    for (const content of ["\n\n\n", " \r\n\t\n\r\n"]) {
      const error = await rejection(submit(text(content)));
      expect(error.message).toBe("pred.tsv: expected at least one document, got no documents (the file is empty or blank)");
      expect(error.details).toMatchObject({ issues: [{ code: "NO_DOCUMENTS" }] });
    }
    expect(await p.ctx.db.submission.count()).toBe(0);
  });

  it("still accepts blank lines between documents within the budget", async () => {
    const created = await submit(text(GOOD.replaceAll("\n", "\n\n")));
    expect(created).toMatchObject({ status: "QUEUED", documents: 5 });
  });
});

describe("a valid file at the size limit", () => {
  it("is stored whole (long label lines, no padding)", async () => {
    const head = "d1\tCats";
    const tail = "\nd2\tBirds\nd3\tTrees\tFlowers\nd4\tDogs\nd5\tAnimals\n";
    const repeat = "\tCats";
    const room = LIMIT - head.length - tail.length;
    const body = head + repeat.repeat(Math.floor(room / repeat.length)) + " ".repeat(room % repeat.length) + tail;
    const content = text(body);
    expect(content.byteLength).toBe(LIMIT);
    const created = await submit(content);
    expect(created.documents).toBe(5);
    const stored = await p.ctx.db.submission.findUniqueOrThrow({ where: { id: created.id }, select: { sizeBytes: true, content: true } });
    expect(stored.sizeBytes).toBe(LIMIT);
    expect(Buffer.from(stored.content).equals(Buffer.from(content))).toBe(true);
  }, 240_000); // a heavy parse and a large INSERT on a shared, loaded machine: a bound, not a timing
});

describe("an upload read into shared memory (as the web reads it while it streams)", () => {
  it("is stored with the same bytes and the hash of those bytes", async () => {
    const bytes = text(GOOD);
    const shared = new Uint8Array(new SharedArrayBuffer(64 * 1024)).subarray(0, bytes.byteLength);
    shared.set(bytes);
    const created = await submit(shared, seed.memberId, "shared.tsv");
    expect(created.contentHash).toBe(createHash("sha256").update(bytes).digest("hex"));
    const stored = await p.ctx.db.submission.findUniqueOrThrow({ where: { id: created.id }, select: { content: true, contentHash: true } });
    expect(new TextDecoder().decode(stored.content)).toBe(GOOD);
    expect(stored.contentHash).toBe(created.contentHash);
  });
});

describe("per-account upload rate limit", () => {
  it("counts refused attempts too, then answers RATE_LIMITED (429) with the seconds to wait", async () => {
    const limited = await createTestPlatform();
    try {
      limited.ctx.uploadLimiter = createUploadLimiter(limited.redis, { keyPrefix: limited.prefix, attempts: 3, windowSeconds: 120 });
      const s = await seedTask(limited.ctx, { slug: "limited" });
      const go = (content: Uint8Array) =>
        createSubmission(
          { userId: s.memberId, slug: s.slug, subtaskKey: s.subtaskKey, phaseKey: s.phaseKey, fileName: "p.tsv", content },
          limited.ctx,
        );
      expect((await rejection(go(text("\n")))).code).toBe("INVALID_FILE");
      expect((await rejection(go(text("d1\tUnicorns\n")))).code).toBe("INVALID_FILE");
      await go(text(GOOD));
      const error = await rejection(go(text(GOOD)));
      expect(error.code).toBe("RATE_LIMITED");
      expect(httpStatusFor(error)).toBe(429);
      const details = error.details as { retryAfterSeconds: number; limit: number; windowSeconds: number };
      expect(details).toMatchObject({ limit: 3, windowSeconds: 120 });
      expect(details.retryAfterSeconds).toBeGreaterThan(0);
      expect(details.retryAfterSeconds).toBeLessThanOrEqual(120);
      expect(error.message).toMatch(
        /^Too many uploads from this account: 3 attempts per 120 s, refused ones included\. Try again in \d+ s\.$/,
      );
      expect(await limited.ctx.db.submission.count()).toBe(1);
      // Another account is not limited by this one's attempts.
      const other = await rejection(
        createSubmission(
          { userId: s.outsiderId, slug: s.slug, subtaskKey: s.subtaskKey, phaseKey: s.phaseKey, fileName: "p.tsv", content: text(GOOD) },
          limited.ctx,
        ),
      );
      expect(other.code).toBe("NOT_A_MEMBER");
    } finally {
      await limited.cleanup();
    }
  });
});
